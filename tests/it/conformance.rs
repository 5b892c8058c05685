//! The conformance kit (`meeple::conformance`) on every registered game (`meeple::registry::GAMES`)
//! at each player count its default options allow, through the registry's type-erased entry
//! point, so a newly registered game is checked without a test of its own. Non-default options
//! (BANG!'s small tables, Laser Reflection's short races, President's skip modes, …) are checked
//! by each game's own tests.

use meeple::registry::GAMES;

/// Random games per game and player count: the kit's own budget, as the per-game conformance
/// tests this loop replaced used.
const GAMES_PER_COUNT: u64 = meeple::conformance::GAMES;

#[test]
fn conformance_of_every_registered_game_at_every_player_count() {
    let options = toml::Table::new();
    for game in GAMES {
        let players = (game.players)(&options).unwrap();
        for n in players {
            (game.conformance)(&options, n, 38 + n as u64, GAMES_PER_COUNT)
                .unwrap_or_else(|e| panic!("{}: {n} players: {e}", game.name));
        }
    }
}
