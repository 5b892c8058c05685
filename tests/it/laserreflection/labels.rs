//! Spec "Labels for statistics", per seat and per round: the labels of finished rounds on
//! constructed games (W10's round, W12's scores at R 1, W14's solo challenge), exact values.

use super::{act, hidden_game, rng};
use meeple::game::{Game, rng_from_seed};
use meeple::games::laserreflection::solver::{Strategy, solve};
use meeple::games::laserreflection::{Action, Config, LaserState};
use meeple::labels::Labels;

const W6: &str = "./.. / .... / \\... / ..\\.";

/// Seat `seat`'s label `name`.
fn label(s: &LaserState, seat: usize, name: &str) -> String {
    s.seat_labels(seat).text(name)
}

/// Labels `names` of every seat: `[seat][name]`.
fn labels(s: &LaserState, names: &[&str]) -> Vec<Vec<String>> {
    (0..s.players()).map(|p| names.iter().map(|n| label(s, p, n)).collect()).collect()
}

/// W6's hidden grid as three `Place` edits.
const SOLUTION: [Action; 3] = [Action::place(1, 0, 1), Action::place(2, 2, 0), Action::place(2, 3, 2)];

#[test]
fn the_seat_labels_are_the_spec_s_and_the_per_round_ones() {
    let mut want: Vec<String> =
        ["failed_rounds", "edits_total", "tiebreak", "solved_rounds", "fail_reason"].map(String::from).to_vec();
    for kind in ["effort", "items_used", "points"] {
        want.extend((1..=5).map(|k| format!("round{k}_{kind}")));
    }
    assert_eq!(meeple::games::laserreflection::SeatLabels::NAMES, want);
}

/// W10's round 2 (seat 0 gives up, seat 1 solves at effort 3 with 3 items, seat 2 times out;
/// points −13, +40, −13), then round 3 given up by all (−13 each): the round labels carry the
/// solve, the fail reason, the effort, `items_used` and `round_points` of each finished round.
#[test]
fn w10_round_labels_solved_fail_reason_effort_items_points() {
    let config = Config { max_edits: 4, ..Config::default() };
    let mut s = hidden_game(&config, 3, 2, W6);
    let mut r = rng();
    let script = [
        Action::place(1, 0, 1),
        Action::place(2, 2, 0),
        Action::GiveUp,
        Action::place(2, 2, 0),
        Action::place(1, 0, 1),
        Action::place(2, 3, 2),
        Action::place(2, 3, 3),
        Action::remove(3, 3),
    ];
    for a in script {
        act(&mut s, a, &mut r);
    }
    assert_eq!(s.round(), 3, "W10's round ended");
    let round2 = ["round2_effort", "round2_items_used", "round2_points"];
    assert_eq!(labels(&s, &round2), [["gave_up", "-", "-13"], ["3", "3", "40"], ["timed_out", "-", "-13"]]);
    let pooled = ["solved_rounds", "failed_rounds", "fail_reason", "edits_total", "tiebreak"];
    assert_eq!(
        labels(&s, &pooled),
        [
            ["0", "1", "gave_up", "0-9", "10-24"],
            ["1", "0", "none", "0-9", "0-9"],
            ["0", "1", "timed_out", "0-9", "10-24"]
        ]
    );
    // Round 1 was not played (a test position from round 2) and round 3 is in progress.
    for name in ["round1_effort", "round1_items_used", "round1_points", "round3_effort", "round3_points"] {
        assert_eq!(labels(&s, &[name]), [["-"], ["-"], ["-"]], "{name}");
    }
    for _ in 0..3 {
        act(&mut s, Action::GiveUp, &mut r);
    }
    assert!(s.is_over());
    let round3 = ["round3_effort", "round3_items_used", "round3_points", "fail_reason", "solved_rounds"];
    assert_eq!(
        labels(&s, &round3),
        [
            ["gave_up", "-", "-13", "gave_up", "0"],
            ["gave_up", "-", "-13", "gave_up", "1"],
            ["gave_up", "-", "-13", "both", "0"]
        ]
    );
    assert_eq!(labels(&s, &["round2_effort", "round4_effort", "round5_points"])[1], ["3", "-", "-"]);
}

/// W12 at R 1, n 2: a solve scores 120 and a failure −60, and the game has one round.
#[test]
fn w12_round_points_labels_one_round_two_seats() {
    let config = Config { rounds: 1, ..Config::default() };
    let mut s = hidden_game(&config, 2, 1, W6);
    let mut r = rng();
    act(&mut s, SOLUTION[0], &mut r);
    act(&mut s, Action::GiveUp, &mut r);
    act(&mut s, SOLUTION[1], &mut r);
    act(&mut s, SOLUTION[2], &mut r);
    assert!(s.is_over());
    let names = ["round1_effort", "round1_items_used", "round1_points", "round2_effort", "solved_rounds"];
    assert_eq!(labels(&s, &names), [["3", "3", "120", "-", "1"], ["gave_up", "-", "-60", "-", "0"]]);
}

/// W14's first challenge (3): solve, fail (hearts 0), solve, solve: won after 4 rounds. Round 1
/// is W6's puzzle (solved in 3 edits), round 2 is given up, rounds 3 and 4 are solved by placing
/// the reference solver's solution; solo rounds have no points.
#[test]
fn w14_solo_round_labels() {
    let config = Config { grid_size: 4, items: 3, challenge: 3, ..Config::default() };
    let mut s = hidden_game(&config, 1, 1, W6);
    let mut r = rng_from_seed(22);
    for a in SOLUTION {
        act(&mut s, a, &mut r);
    }
    act(&mut s, Action::GiveUp, &mut r);
    let mut efforts = Vec::new();
    while s.to_move().is_some() {
        let best = solve(s.puzzle(), true, 1_000_000, Strategy::Backtrack).best.unwrap();
        let frame = s.puzzle().frame;
        let placed: Vec<usize> =
            meeple::games::laserreflection::beam::cells(&frame).filter(|&x| best.0[x] != 0 && best.0[x] != 7).collect();
        for &x in &placed {
            act(&mut s, Action::Place { item: best.0[x], cell: x as u8 }, &mut r);
        }
        efforts.push(placed.len().to_string());
    }
    assert_eq!((s.solo().result, s.round(), s.solo().hearts), (Some(true), 4, 0));
    let round = |k: usize, kind: &str| label(&s, 0, &format!("round{k}_{kind}"));
    assert_eq!([round(1, "effort"), round(1, "items_used"), round(1, "points")], ["3", "3", "-"]);
    assert_eq!([round(2, "effort"), round(2, "items_used"), round(2, "points")], ["gave_up", "-", "-"]);
    assert_eq!([round(3, "effort"), round(4, "effort")], [efforts[0].as_str(), efforts[1].as_str()]);
    assert_eq!([round(3, "items_used"), round(4, "items_used")], [round(3, "effort"), round(4, "effort")]);
    assert_eq!([round(5, "effort"), round(5, "items_used")], ["-", "-"]);
    let pooled = ["solved_rounds", "failed_rounds", "fail_reason"];
    assert_eq!(labels(&s, &pooled), [["3", "1", "gave_up"]]);
}

/// A determinization has no round record, so a round it ends has `items_used` unknown (`-`);
/// the effort and points are public and kept.
#[test]
fn a_determinized_round_end_writes_items_used_as_unknown() {
    let config = Config { rounds: 1, ..Config::default() };
    let mut s = hidden_game(&config, 2, 1, W6);
    let mut r = rng();
    act(&mut s, Action::GiveUp, &mut r);
    act(&mut s, SOLUTION[0], &mut r);
    act(&mut s, SOLUTION[1], &mut r);
    s.determinize(1, &mut rng_from_seed(3));
    act(&mut s, SOLUTION[2], &mut r);
    assert!(s.is_over());
    assert_eq!(labels(&s, &["round1_effort", "round1_items_used", "round1_points"])[1], ["3", "-", "120"]);
}
