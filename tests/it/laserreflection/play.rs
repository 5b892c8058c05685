//! Rules V1–V2 (grids, stocks, solutions) and P1–P6 (rounds, passes, solve detection,
//! `max_edits`), with worked checks W8 (in play), W9, W10 and W15 (determinize).

use super::{act, hidden_game, legal, parse, puzzle, rng};
use meeple::game::{Game, rng_from_seed};
use meeple::games::laserreflection::beam::{Grid, cells};
use meeple::games::laserreflection::{Action, Config, LaserState, Status};

const W6: &str = "./.. / .... / \\... / ..\\.";

fn w10_start() -> LaserState {
    let config = Config { max_edits: 4, ..Config::default() };
    hidden_game(&config, 3, 2, W6)
}

/// W10's steps 1..=`steps`, checking the seat to move before each.
fn w10(steps: usize) -> LaserState {
    let mut s = w10_start();
    let script = [
        (1, Action::place(1, 0, 1)),
        (2, Action::place(2, 2, 0)),
        (0, Action::GiveUp),
        (1, Action::place(2, 2, 0)),
        (2, Action::place(1, 0, 1)),
        (1, Action::place(2, 3, 2)),
        (2, Action::place(2, 3, 3)),
        (2, Action::remove(3, 3)),
    ];
    let mut r = rng();
    for (i, &(seat, a)) in script.iter().take(steps).enumerate() {
        assert_eq!(s.to_move(), Some(seat), "step {}", i + 1);
        act(&mut s, a, &mut r);
    }
    s
}

#[test]
fn v1_grid_starts_with_the_warps_and_a_full_stock() {
    let config = Config { warps: true, grid_size: 5, items: 6, ..Config::default() };
    let s = LaserState::new(&config, 2, &mut rng_from_seed(3));
    let frame = s.puzzle().frame;
    assert!(frame.has_warps());
    for p in 0..2 {
        assert_eq!(*s.grid(p), Grid::with_warps(&frame));
        assert_eq!(*s.stock(p), s.puzzle().multiset);
        assert_eq!((s.edits(p), s.status(p)), (0, Status::InProgress));
    }
    assert!(legal(&s).iter().all(|a| !matches!(a, Action::Place { cell, .. } if frame.warps.contains(cell))));
    // A placed item leaves the stock; removing it brings it back.
    let mut s = s;
    let first = legal(&s)[0];
    let Action::Place { item, cell } = first else { panic!("{first}") };
    act(&mut s, first, &mut rng());
    let p = 1 - s.to_move().unwrap();
    assert_eq!(s.stock(p)[item as usize], s.puzzle().multiset[item as usize] - 1);
    assert_eq!(s.grid(p).0[cell as usize], item);
}

#[test]
fn v2_any_grid_with_the_ring_solves_and_w8_partial_in_play() {
    let five = [(2, 1, 3), (3, 1, 2), (2, 2, 0), (1, 2, 1), (1, 3, 2)];
    for partial in [true, false] {
        let config = Config { partial, ..Config::default() };
        let mut s = hidden_game(&config, 1, 1, ".... / ..|\\ / \\//. / .//.");
        let mut r = rng();
        for &(t, row, col) in &five {
            act(&mut s, Action::place(t, row, col), &mut r);
        }
        if partial {
            assert_eq!((s.solo().solved, s.round()), (1, 2), "a 5-item grid with the ring solves");
        } else {
            assert_eq!((s.status(0), s.edits(0)), (Status::InProgress, 5), "stock not empty: not solved");
            assert_eq!(s.stock(0)[1], 2);
        }
    }
}

#[test]
fn w9_legal_action_counts_and_order() {
    let w5 = "/\\-O#/\\\\ / /-...... / ........ / ........ / ........ / ........ / ........ / ........";
    let mut s = hidden_game(&Config::default(), 2, 1, w5);
    assert_eq!(s.puzzle().multiset, [0, 3, 3, 0, 2, 1, 1, 0, 0, 0]);
    let mut r = rng();
    assert_eq!(legal(&s).len(), 321);
    act(&mut s, Action::place(1, 0, 0), &mut r);
    act(&mut s, Action::GiveUp, &mut r); // seat 1 gives up: seat 0 moves on
    assert_eq!(legal(&s).len(), 317);
    act(&mut s, Action::place(6, 7, 7), &mut r);
    assert_eq!(legal(&s).len(), 251);
    let s = hidden_game(&Config::default(), 2, 1, "..... / .W... / ./\\|. / ...W. / .....");
    let l = legal(&s);
    assert_eq!(l.len(), 70);
    assert_eq!((l[0], *l.last().unwrap()), (Action::place(1, 0, 0), Action::GiveUp));
    assert_eq!(l[0].to_string(), "place / r0c0");
}

#[test]
fn p1_round_start_first_seat_rotates() {
    let s = w10_start();
    assert_eq!((s.round(), s.first_seat(), s.to_move()), (2, 1, Some(1)));
    for round in 1..=5u8 {
        let s = hidden_game(&Config::default(), 3, round, W6);
        assert_eq!(s.first_seat(), usize::from(round - 1) % 3);
    }
}

#[test]
fn p1_empty_grid_that_solves_ends_the_round_at_effort_0() {
    // W3's grid: three invisible items, so the empty grid has the puzzle's ring.
    let w3 = "\\... / ../. / ..\\. / ....";
    let config = Config { rounds: 1, ..Config::default() };
    let s = hidden_game(&config, 2, 1, w3);
    assert_eq!(s.to_move(), None, "the only round ended at once");
    assert_eq!((s.points(0), s.points(1), s.tiebreak(0)), (120, 120, 0), "effort 0 scores normally");
    assert_eq!(s.outcome().unwrap()[..2], [0.5, 0.5]);
    // With `partial` = no the stock must be empty: the round is played.
    let config = Config { rounds: 1, partial: false, ..Config::default() };
    assert_eq!(hidden_game(&config, 2, 1, w3).to_move(), Some(0));
}

#[test]
fn p2_a_seat_chooses_place_remove_or_give_up() {
    let mut s = w10(1);
    let l = legal(&s);
    assert!(l.contains(&Action::place(2, 2, 0)) && l.contains(&Action::GiveUp));
    assert!(!l.iter().any(|a| matches!(a, Action::Remove { .. })), "seat 2's grid is empty");
    act(&mut s, Action::place(2, 2, 0), &mut rng());
    act(&mut s, Action::GiveUp, &mut rng());
    assert!(legal(&s).contains(&Action::remove(0, 1)), "seat 1 may take its `/` back");
}

#[test]
fn p3_edits_solve_and_timeout() {
    let s = w10(6);
    assert_eq!(s.status(1), Status::Solved(3));
    assert_eq!((s.edits(2), s.status(2)), (2, Status::InProgress));
    let s = w10(7);
    assert_eq!((s.edits(2), s.status(2)), (3, Status::InProgress));
    let (_, _, ring) = parse("./.. / .... / \\... / ...\\");
    assert_eq!(ring, parse("./.. / .... / \\... / ....").2, "the `\\` at r3c3 is invisible");
    assert_ne!(ring, s.puzzle().ring);
    // A solve on the last allowed edit counts as a solve.
    let config = Config { max_edits: 3, ..Config::default() };
    let mut s = hidden_game(&config, 1, 1, W6);
    let mut r = rng();
    for a in [Action::place(1, 0, 1), Action::place(2, 2, 0), Action::place(2, 3, 2)] {
        act(&mut s, a, &mut r);
    }
    assert_eq!(s.solo().solved, 1);
}

#[test]
fn p4_give_up_fails_the_seat() {
    let s = w10(3);
    assert_eq!(s.status(0), Status::GaveUp);
    assert!(s.status(0).failed() && Status::TimedOut.failed() && !Status::Solved(1).failed());
}

#[test]
fn p5_passes_skip_finished_seats_and_may_repeat_a_seat() {
    let s = w10(4);
    assert_eq!(s.to_move(), Some(2), "seat 0 gave up: 1, 2, (0 skipped), 1, 2");
    let s = w10(7);
    assert_eq!(s.to_move(), Some(2), "the only seat in progress moves again");
    let s = w10(2);
    assert_eq!((s.edits(1), s.edits(2)), (1, 1));
}

#[test]
fn w10_passes_solve_give_up_timeout() {
    // Step 3 gives up; step 8 (edits 4 = `max_edits`, not solved) times out.
    assert_eq!(w10(3).status(0), Status::GaveUp);
    assert_eq!(w10(7).status(2), Status::InProgress);
    let s = w10(8);
    let round2 = s.round_results(2).expect("round 2 finished").status;
    assert_eq!(round2[..3], [Status::GaveUp, Status::Solved(3), Status::TimedOut]);
    assert_eq!(s.fail_kinds(0), (true, false), "seat 0 gave up");
    assert_eq!(s.fail_kinds(2), (false, true), "seat 2 timed out");
    // The round ended: points -13, +40, -13; round 3 started with first seat 2.
    assert_eq!((s.points(0), s.points(1), s.points(2)), (-13, 40, -13));
    assert_eq!((s.round(), s.first_seat(), s.to_move()), (3, 2, Some(2)));
    assert_eq!((s.failed_rounds(0), s.failed_rounds(1), s.failed_rounds(2)), (1, 0, 1));
    assert_eq!((s.tiebreak(0), s.tiebreak(1), s.edits_total(1)), (13, 3, 3), "P = 3·4 + 1");
    assert_eq!(w10(7).record().unwrap().items_used[1], 3, "seat 1 solved with 3 items");
}

#[test]
fn p6_round_end_generates_the_next_puzzle_and_the_game_ends_after_round_r() {
    let mut s = w10(8);
    assert_ne!(*s.puzzle(), puzzle(W6), "round 3 has a generated 8×8 puzzle");
    assert_eq!(s.puzzle().frame.n, 8);
    let mut r = rng();
    for _ in 0..3 {
        act(&mut s, Action::GiveUp, &mut r);
    }
    assert_eq!(s.to_move(), None);
    assert_eq!((s.points(0), s.points(1), s.points(2)), (-26, 27, -26));
    assert_eq!(s.outcome().unwrap()[..3], [0.0, 1.0, 0.0]);
}

#[test]
fn w15_determinize_hides_other_grids() {
    let s = w10(5);
    assert_eq!(s.to_move(), Some(1));
    let mut d = s;
    d.determinize(1, &mut rng_from_seed(1));
    assert_eq!(d.grid(1).notation(&d.puzzle().frame), "./.. / .... / \\... / ....");
    assert_eq!(*d.grid(2), Grid::with_warps(&d.puzzle().frame), "seat 2 has 2 edits: empty");
    assert_eq!((d.puzzle().ring, d.edits(2), d.status(0)), (s.puzzle().ring, 2, Status::GaveUp));
    assert!(d.record().is_none() && s.record().is_some());

    let s = w10(1);
    let (mut slash, mut seen) = (0, [false; 16]);
    let trials = 3000;
    for seed in 0..trials {
        let mut d = s;
        d.determinize(2, &mut rng_from_seed(seed));
        let frame = d.puzzle().frame;
        let items: Vec<usize> = cells(&frame).filter(|&x| d.grid(1).0[x] != 0).collect();
        assert_eq!(items.len(), 1, "seat 1 has 1 edit: one item");
        let x = items[0];
        slash += usize::from(d.grid(1).0[x] == 1);
        seen[(x / 12) * 4 + x % 12] = true;
        assert_eq!(d.stock(1).iter().map(|&c| usize::from(c)).sum::<usize>(), 2);
        assert_eq!((d.edits(1), d.status(1)), (1, Status::InProgress));
    }
    let share = slash as f64 / trials as f64;
    assert!((share - 1.0 / 3.0).abs() < 0.04, "`/` drawn with probability {share}");
    assert!(seen.iter().all(|&b| b), "every cell is drawn");
}
