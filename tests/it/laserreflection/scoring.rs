//! Rules R1–R2 (round scoring, u = 120 / (R·n)), the ranking with Decision 8's tie-break, and
//! S1 (solo challenges), with worked checks W11–W14.

use super::{act, hidden_game, rng};
use meeple::game::{Game, rng_from_seed};
use meeple::games::laserreflection::scoring::{failure_penalty, round_points, winners};
use meeple::games::laserreflection::solver::{Strategy, solve};
use meeple::games::laserreflection::{Action, Config, LaserState, Solo, Status};

use Status::{GaveUp, Solved, TimedOut};

fn points(status: &[Status], rounds: u8) -> Vec<i32> {
    (0..status.len()).map(|p| round_points(status, p, rounds)).collect()
}

#[test]
fn r1_points_by_rank_with_ties_and_failures() {
    // Equal efforts score equally; the next distinct effort skips the tied ranks.
    assert_eq!(points(&[Solved(5), Solved(5), Solved(7), GaveUp], 1), [120, 120, 60, -30]);
    assert_eq!(points(&[TimedOut, Solved(0)], 3), [-20, 40]);
}

#[test]
fn w11_scoring_3_players_3_rounds() {
    let rounds =
        [[Solved(14), Solved(9), Solved(14)], [Solved(30), GaveUp, Solved(31)], [TimedOut, Solved(12), Solved(12)]];
    let expected = [[26, 40, 26], [40, -13, 26], [-13, 40, 40]];
    let mut totals = [0; 3];
    for (status, want) in rounds.iter().zip(expected) {
        let got = points(status, 3);
        assert_eq!(got, want);
        for p in 0..3 {
            totals[p] += got[p];
        }
    }
    assert_eq!(totals, [53, 67, 92]);
    assert_eq!(winners(&totals, &[0, 0, 0]), 0b100);
}

#[test]
fn w12_score_table() {
    let table: [(u8, &[&[i32]]); 3] = [
        (
            1,
            &[
                &[120, 60, -60],
                &[120, 80, 40, -40],
                &[120, 90, 60, 30, -30],
                &[120, 96, 72, 48, 24, -24],
                &[120, 100, 80, 60, 40, 20, -20],
            ],
        ),
        (
            3,
            &[
                &[40, 20, -20],
                &[40, 26, 13, -13],
                &[40, 30, 20, 10, -10],
                &[40, 32, 24, 16, 8, -8],
                &[40, 33, 26, 20, 13, 6, -6],
            ],
        ),
        (
            5,
            &[
                &[24, 12, -12],
                &[24, 16, 8, -8],
                &[24, 18, 12, 6, -6],
                &[24, 19, 14, 9, 4, -4],
                &[24, 20, 16, 12, 8, 4, -4],
            ],
        ),
    ];
    for (rounds, rows) in table {
        for (i, row) in rows.iter().enumerate() {
            let n = i + 2;
            // Seat p solved with effort p: i = p seats ahead. Then a failed seat.
            let solved: Vec<Status> = (0..n).map(|p| Solved(p as u16)).collect();
            let mut got = points(&solved, rounds);
            let mut failed = solved.clone();
            failed[0] = GaveUp;
            got.push(round_points(&failed, 0, rounds));
            assert_eq!(got, row.to_vec(), "R {rounds}, n {n}");
        }
    }
}

#[test]
fn r2_scores_add_up_over_rounds() {
    // A 2-seat, 3-round game: seat 0 solves round 1 (W6's puzzle) in 3 edits, seat 1 gives up;
    // then both give up in rounds 2 and 3.
    let config = Config::default();
    let mut s = hidden_game(&config, 2, 1, "./.. / .... / \\... / ..\\.");
    let mut r = rng();
    act(&mut s, Action::place(1, 0, 1), &mut r);
    act(&mut s, Action::GiveUp, &mut r);
    act(&mut s, Action::place(2, 2, 0), &mut r);
    act(&mut s, Action::place(2, 3, 2), &mut r);
    assert_eq!((s.round(), s.points(0), s.points(1)), (2, 40, -20));
    for _ in 0..4 {
        act(&mut s, Action::GiveUp, &mut r);
    }
    assert_eq!((s.to_move(), s.points(0), s.points(1)), (None, 0, -60));
    assert_eq!((s.score(0), s.score(1)), (0, -60));
    assert_eq!((s.tiebreak(0), s.tiebreak(1)), (3 + 2 * 601, 3 * 601));
    assert_eq!(s.outcome().unwrap()[..2], [1.0, 0.0]);
}

#[test]
fn w13_tie_break() {
    let efforts = [[10, 15, 9], [12, 15, 8]];
    let run = |efforts: [[u16; 3]; 2]| {
        let mut totals = [0; 2];
        let mut tiebreak = [0; 2];
        for (&e0, &e1) in efforts[0].iter().zip(&efforts[1]) {
            let status = [Solved(e0), Solved(e1)];
            for (p, e) in [e0, e1].into_iter().enumerate() {
                totals[p] += round_points(&status, p, 3);
                tiebreak[p] += u32::from(e);
            }
        }
        (totals, tiebreak, winners(&totals, &tiebreak))
    };
    assert_eq!(run(efforts), ([100, 100], [34, 35], 0b01));
    let mut e = efforts;
    e[0][0] = 11;
    assert_eq!(run(e), ([100, 100], [35, 35], 0b11), "shared: rewards 0.5 each");
    assert_eq!(failure_penalty(3, 200), 601);
}

#[test]
fn w14_solo_challenges() {
    let play = |results: &[bool], c: u8| {
        let mut solo = Solo::new();
        let mut rounds = 0;
        for &solved in results {
            rounds += 1;
            if !solo.after_round(solved, c) {
                break;
            }
        }
        (solo, rounds)
    };
    let (solo, rounds) = play(&[true, false, true, true], 3);
    assert_eq!((solo.result, rounds, solo.score(), solo.hearts), (Some(true), 4, 3, 0));
    let (solo, rounds) = play(&[false, false], 3);
    assert_eq!((solo.result, rounds, solo.score(), solo.hearts), (Some(false), 2, 0, -1));
    let challenge6 = [true, false, true, true, false, true, true, true];
    let (solo, rounds) = play(&challenge6, 6);
    assert_eq!((solo.result, rounds, solo.score()), (Some(true), 8, 6));
    // Hearts after each round: F → 0, the 3rd solve (6/2) → 1, the 5th round's F → 0, then 0.
    let hearts: Vec<i8> = (1..=8).map(|k| play(&challenge6[..k], 6).0.hearts).collect();
    assert_eq!(hearts, [1, 0, 0, 1, 0, 0, 0, 0]);
    assert_eq!(play(&challenge6[..5], 6).0.result, None, "still playing after round 5 with 0 hearts");
    // Challenge 6 after S, F, S, S: 3 solved = 6/2, hearts 0 → 1.
    let (solo, _) = play(&[true, false, true, true], 6);
    assert_eq!((solo.hearts, solo.result), (1, None));
}

#[test]
fn s1_solo_game_won_by_solving_and_lost_by_failing() {
    let config = Config { grid_size: 4, items: 3, ..Config::default() };
    // Won: a solver places each puzzle's solution.
    let mut s = LaserState::new(&config, 1, &mut rng_from_seed(21));
    let mut r = rng_from_seed(22);
    while s.to_move().is_some() {
        let best = solve(s.puzzle(), true, 1_000_000, Strategy::Backtrack).best.unwrap();
        let frame = s.puzzle().frame;
        let x = meeple::games::laserreflection::beam::cells(&frame)
            .find(|&x| best.0[x] != 0 && best.0[x] != 7 && s.grid(0).0[x] != best.0[x])
            .unwrap();
        act(&mut s, Action::Place { item: best.0[x], cell: x as u8 }, &mut r);
    }
    assert_eq!((s.solo().result, s.round(), s.score(0)), (Some(true), 3, 3));
    assert_eq!(s.outcome().unwrap()[0], 1.0);
    // Lost: two give-ups.
    let mut s = LaserState::new(&config, 1, &mut rng_from_seed(21));
    act(&mut s, Action::GiveUp, &mut r);
    assert_eq!((s.round(), s.solo().hearts), (2, 0));
    act(&mut s, Action::GiveUp, &mut r);
    assert_eq!((s.to_move(), s.score(0), s.outcome().unwrap()[0]), (None, 0, 0.0));
}
