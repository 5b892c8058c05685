//! The conformance kit with a non-default option (the defaults at every player count:
//! `tests/it/conformance.rs`).

use meeple::conformance::check;
use meeple::games::catcafe::{CatCafe, Config};

#[test]
fn conformance_4_players_with_5_start_footprints() {
    check::<CatCafe>(&Config { start_footprints: 5 }, 4, 45);
}
