//! The conformance kit (`meeple::conformance::check`) on BANG! for every player count.

use meeple::conformance::check;
use meeple::games::bang::{BangState, Config};

fn small() -> Config {
    Config { bga_small_tables: true, character_choice: false }
}

#[test]
fn conformance_2_players_bga() {
    check::<BangState>(&small(), 2, 2);
}

#[test]
fn conformance_3_players_bga() {
    check::<BangState>(&small(), 3, 3);
}

#[test]
fn conformance_4_players() {
    check::<BangState>(&Config::default(), 4, 4);
}

#[test]
fn conformance_5_players() {
    check::<BangState>(&Config::default(), 5, 5);
}

#[test]
fn conformance_6_players() {
    check::<BangState>(&Config::default(), 6, 6);
}

#[test]
fn conformance_7_players() {
    check::<BangState>(&Config::default(), 7, 7);
}

#[test]
fn conformance_5_players_character_choice() {
    let config = Config { bga_small_tables: false, character_choice: true };
    check::<BangState>(&config, 5, 55);
}
