//! `meeple replay` replays the very game the run played: every replayed game equals its row of
//! the run's games.csv (chance seed, length, truncation, winner, bots, seat labels, rewards).

use std::path::{Path, PathBuf};

use meeple::bots::Heuristic;
use meeple::games::bang::BangState;
use meeple::games::connect4::ConnectFour;
use meeple::games::locomomo::LocoMomoState;
use meeple::games::mow::MowState;
use meeple::labels::Labels;
use meeple::replay::{ReplayError, replay_spec};
use meeple::tournament::{Plan, RunOptions, Spec, files, prepare_output};

fn spec(text: &str) -> Spec {
    toml::from_str(text).unwrap()
}

fn run<G: Heuristic>(spec: &Spec, out: &Path) {
    let opts = RunOptions { threads: Some(2), quiet: true, profile_dir: PathBuf::from("bots") };
    prepare_output(out).unwrap();
    Plan::<G>::new(spec, &opts.profile_dir).unwrap().run(out, &opts).unwrap();
}

/// Replays every game of `dir`'s games.csv and compares it with its row; returns the numbers of
/// finished and truncated games.
fn replays_match_rows<G: Heuristic>(spec: &Spec, dir: &Path) -> (usize, usize) {
    let mut reader = csv::Reader::from_path(dir.join(files::GAMES)).unwrap();
    let header = reader.headers().unwrap().clone();
    let (mut finished, mut truncated) = (0, 0);
    for row in reader.records() {
        let row = row.unwrap();
        let col = |name: &str| {
            let c = header.iter().position(|h| h == name).unwrap_or_else(|| panic!("no column {name}"));
            row[c].to_string()
        };
        let (players, index) = (col("players").parse().unwrap(), col("index").parse().unwrap());
        let r = replay_spec::<G>(spec, Some(players), index, Path::new("bots")).unwrap();
        let game = format!("game {index} at {players} players");
        assert_eq!(col("seed"), r.start.chance_seed.to_string(), "{game}");
        assert_eq!(col("length"), r.end.length.to_string(), "{game}");
        assert_eq!(r.steps.len(), r.end.length, "{game}");
        assert_eq!(col("truncated"), r.end.truncated.to_string(), "{game}");
        for key in G::GameLabels::NAMES {
            let value = r.end.game_labels.text(key).unwrap_or_default();
            assert_eq!(col(key), value, "{game}: {key}");
        }
        assert_eq!(r.end.seats.len(), players);
        for seat in &r.end.seats {
            let s = seat.seat;
            assert_eq!(col(&format!("seat{s}_bot")), seat.bot, "{game}");
            for (key, value) in &seat.labels.0 {
                assert_eq!(col(&format!("seat{s}_{key}")), value.to_string(), "{game}: seat {s} {key}");
            }
            let reward = r.end.rewards.as_ref().map_or(String::new(), |rw| rw[s].to_string());
            assert_eq!(col(&format!("seat{s}_reward")), reward, "{game}: seat {s}");
            if G::SCORING.is_some() {
                let score = r.end.scores.as_ref().map_or(String::new(), |sc| sc[s].to_string());
                assert_eq!(col(&format!("seat{s}_score")), score, "{game}: seat {s}");
            }
        }
        if r.end.truncated { truncated += 1 } else { finished += 1 }
    }
    (finished, truncated)
}

#[test]
fn replayed_bang_games_equal_their_games_csv_rows() {
    let tmp = tempfile::tempdir().unwrap();
    // Mixed bots, shuffled seats, and a cap that stops some games.
    let s = spec(
        "game = 'bang'\nplayers = 5\nbots = ['random', 'greedy', 'random', 'greedy', 'random']\ngames = 16\nseed = 11\n\
         seats = 'shuffle'\nmax_actions = 150\nper_game = true\n",
    );
    run::<BangState>(&s, tmp.path());
    let (finished, truncated) = replays_match_rows::<BangState>(&s, tmp.path());
    assert_eq!(finished + truncated, 16);
    assert!(finished > 0 && truncated > 0, "finished {finished}, truncated {truncated}");
}

#[test]
fn replayed_connect4_games_equal_their_games_csv_rows_under_rotation() {
    let tmp = tempfile::tempdir().unwrap();
    let s = spec(
        "game = 'connect4'\nbots = ['random', 'greedy']\ngames = 30\nseed = 4\nseats = 'rotate'\nper_game = true\n",
    );
    run::<ConnectFour>(&s, tmp.path());
    assert_eq!(replays_match_rows::<ConnectFour>(&s, tmp.path()), (30, 0));
    // Rotation puts the greedy bot first in odd games.
    let odd = replay_spec::<ConnectFour>(&s, None, 3, Path::new("bots")).unwrap();
    assert_eq!((odd.start.seats[0].bot.as_str(), odd.steps[0].decider.bot.as_str()), ("greedy", "greedy"));
}

#[test]
fn replayed_mow_games_equal_their_games_csv_rows_with_scores() {
    let tmp = tempfile::tempdir().unwrap();
    let s = spec(
        "game = 'mow'\nplayers = 3\nbots = ['greedy', 'random', 'random']\ngames = 12\nseed = 5\nseats = 'rotate'\n\
         per_game = true\n",
    );
    run::<MowState>(&s, tmp.path());
    assert_eq!(replays_match_rows::<MowState>(&s, tmp.path()), (12, 0));
}

#[test]
fn replay_steps_number_actions_and_turns() {
    let s = spec("game = 'bang'\nplayers = 4\nbots = ['random']\ngames = 5\nseed = 2\n");
    let r = replay_spec::<BangState>(&s, None, 1, Path::new("bots")).unwrap();
    assert!(r.steps.iter().enumerate().all(|(i, st)| st.number == i + 1));
    let turns: Vec<u64> = r.steps.iter().filter_map(|st| st.turn).collect();
    assert_eq!(turns.len(), r.steps.len(), "every BANG! action of the base game is in a turn");
    assert_eq!(turns[0], 1);
    assert!(turns.windows(2).all(|w| w[1] == w[0] || w[1] == w[0] + 1), "turns count up one by one");
    assert!(*turns.last().unwrap() > 4, "a game lasts more than one round");
    assert!(r.steps.iter().all(|st| !st.state.contains('\n') && st.state.contains(" | ")));
    assert_eq!(r.steps[0].decider.labels.0[0].0, "role");
    // The text table names every label of the decider: `0 role=sheriff character=… seat_from_sheriff=0`.
    let mut text = Vec::new();
    r.write_text(&mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    let d = &r.steps[0].decider;
    let pairs: Vec<String> = d.labels.0.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let row = text.lines().find(|l| l.trim_start().starts_with("1 ")).unwrap();
    assert!(row.contains(&format!("{} {}", d.seat, pairs.join(" "))), "{row}");
}

/// A game that counts its turns (`Game::turn_number`) gets them in its replay even when one seat
/// plays them all: a solo Loco Momo game shows turns 1 to 6, each starting with a pick, and the
/// same numbering at 2 players (12 turns, alternating seats).
#[test]
fn replay_turns_are_the_games_own_turns_even_alone() {
    for (players, turns) in [(1u64, 6u64), (2, 12)] {
        let s = spec(&format!("game = 'locomomo'\nplayers = {players}\nbots = ['greedy']\ngames = 3\nseed = 4\n"));
        let r = replay_spec::<LocoMomoState>(&s, None, 2, Path::new("bots")).unwrap();
        let numbers: Vec<u64> = r.steps.iter().map(|st| st.turn.unwrap()).collect();
        assert!(numbers.windows(2).all(|w| w[1] == w[0] || w[1] == w[0] + 1), "{numbers:?}");
        assert_eq!((numbers[0], *numbers.last().unwrap()), (1, turns), "{numbers:?}");
        for (i, st) in r.steps.iter().enumerate() {
            let starts = i == 0 || numbers[i - 1] != numbers[i];
            assert_eq!(starts, st.action.starts_with("pick"), "step {i}: {}", st.action);
            assert_eq!(st.decider.seat as u64, (numbers[i] - 1) % players, "step {i}");
        }
    }
}

#[test]
fn bad_replay_requests_say_what_to_fix() {
    let s = spec("game = 'bang'\nplayers = [4, 5]\nbots = ['random']\ngames = 5\nseed = 2\n");
    let typed = |players, index| replay_spec::<BangState>(&s, players, index, Path::new("bots")).unwrap_err();
    assert!(matches!(typed(None, 0), ReplayError::ChoosePlayers(c) if c == "4, 5"));
    assert!(matches!(typed(Some(6), 0), ReplayError::NotPlayed { players: 6, .. }));
    assert!(matches!(typed(Some(5), 5), ReplayError::Index { index: 5, games: 5 }));
    let err = |players, index| typed(players, index).to_string();
    assert!(err(None, 0).contains("the run plays 4, 5 players: choose one with --players"), "{}", err(None, 0));
    assert!(err(Some(6), 0).contains("--players 6"), "{}", err(Some(6), 0));
    let e = err(Some(5), 5);
    assert!(e.contains("--index 5 is out of range") && e.contains("indices 0-4"), "{e}");
}
