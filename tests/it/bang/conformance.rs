//! The conformance kit (`meeple::conformance::check`) on BANG! with non-default options (the
//! defaults at every player count: `tests/it/conformance.rs`).

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
fn conformance_5_players_character_choice() {
    let config = Config { bga_small_tables: false, character_choice: true };
    check::<BangState>(&config, 5, 55);
}
