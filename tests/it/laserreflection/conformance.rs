//! The conformance kit (`meeple::conformance::check`) at every player count, on short games.

use meeple::conformance::check;
use meeple::games::laserreflection::{Config, LaserState, Shapes};

/// Short games: few edits per round.
fn short() -> Config {
    Config { max_edits: 12, ..Config::default() }
}

#[test]
fn conformance_1_player() {
    check::<LaserState>(&Config { challenge: 6, ..short() }, 1, 1);
}

#[test]
fn conformance_2_players() {
    check::<LaserState>(&short(), 2, 2);
}

#[test]
fn conformance_3_players_warps_triangles_no_partial() {
    let config = Config { warps: true, shapes: Shapes::Both, partial: false, grid_size: 6, items: 8, ..short() };
    check::<LaserState>(&config, 3, 3);
}

#[test]
fn conformance_4_players() {
    check::<LaserState>(&Config { rounds: 1, ..short() }, 4, 4);
}

#[test]
fn conformance_5_players() {
    check::<LaserState>(&Config { rounds: 1, grid_size: 5, items: 5, ..short() }, 5, 5);
}

#[test]
fn conformance_6_players() {
    check::<LaserState>(&Config { rounds: 1, grid_size: 4, items: 3, ..short() }, 6, 6);
}
