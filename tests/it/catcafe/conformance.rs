//! The conformance kit at every player count, and with a non-default option.

use meeple::conformance::check;
use meeple::games::catcafe::{CatCafe, Config};

#[test]
fn conformance_2_players() {
    check::<CatCafe>(&Config::default(), 2, 2);
}

#[test]
fn conformance_3_players() {
    check::<CatCafe>(&Config::default(), 3, 3);
}

#[test]
fn conformance_4_players() {
    check::<CatCafe>(&Config::default(), 4, 4);
}

#[test]
fn conformance_4_players_with_5_start_footprints() {
    check::<CatCafe>(&Config { start_footprints: 5 }, 4, 45);
}
