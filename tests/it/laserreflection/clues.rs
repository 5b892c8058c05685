//! Spec "Components and data" and rules C1–C7: the item table, the beam walk and its counting
//! (worked checks W1–W4, W7's ring).

use super::{parse, side, sides};
use meeple::games::laserreflection::beam::{Clue, Colour, Frame, Grid, NO_CELL, cell};
use meeple::games::laserreflection::items::{ABSORBED, BLACK_HOLE, OUT, opposite};

fn empty(n: u8) -> (Frame, Grid) {
    let frame = Frame { n, warps: [NO_CELL; 2] };
    (frame, Grid::with_warps(&frame))
}

#[test]
fn w1_empty_grid_and_reversibility() {
    for n in 4..=12u8 {
        let (frame, g) = empty(n);
        let n = n as usize;
        for pos in 0..4 * n {
            let exit = g.trace(&frame, pos);
            assert_eq!(exit.clue, Clue::new(Colour::Green, n as u16), "N {n} position {pos}");
            assert_eq!(exit.position, (pos + 2 * n) % (4 * n), "Ti exits at Bi, Li at Ri");
        }
    }
    for code in (0..10).filter(|&c| c != BLACK_HOLE as usize) {
        for d in 0..4u8 {
            let out = OUT[code][d as usize];
            assert_eq!(OUT[code][opposite(out) as usize], opposite(d), "code {code}, entering {d}");
        }
    }
    // b: entering down leaves right; entering left leaves up.
    assert_eq!((OUT[8][2], OUT[8][3]), (1, 0));
    assert_eq!(OUT[BLACK_HOLE as usize], [ABSORBED; 4]);
}

/// W2: one item at r1c2 of a 5×5 grid: (T2, R1, B2, L1) clues with exits; the rest `G5`.
#[test]
fn w2_one_item_at_r1c2() {
    // (symbol, [(clue, exit)] for T2, R1, B2, L1); exits by name, "" where the clue is not green.
    let table: [(char, [(&str, &str); 4]); 8] = [
        ('/', [("G4", "L1"), ("G6", "B2"), ("G6", "R1"), ("G4", "T2")]),
        ('\\', [("G4", "R1"), ("G4", "T2"), ("G6", "L1"), ("G6", "B2")]),
        ('|', [("G5", "B2"), ("Y5", "R1"), ("G5", "T2"), ("Y5", "L1")]),
        ('-', [("Y3", "T2"), ("G5", "L1"), ("Y7", "B2"), ("G5", "R1")]),
        ('#', [("Y3", "T2"), ("Y5", "R1"), ("Y7", "B2"), ("Y5", "L1")]),
        ('O', [("A2", "T2"), ("A3", "R1"), ("A4", "B2"), ("A3", "L1")]),
        ('b', [("G4", "R1"), ("G4", "T2"), ("Y7", "B2"), ("Y5", "L1")]),
        ('t', [("Y3", "T2"), ("Y5", "R1"), ("G6", "L1"), ("G6", "B2")]),
    ];
    let positions = [2, 5 + 1, 10 + 2, 15 + 1];
    for (sym, expected) in table {
        let text = format!("..... / ..{sym}.. / ..... / ..... / .....");
        let (frame, g, ring) = parse(&text);
        for (&pos, (clue, exit)) in positions.iter().zip(expected) {
            let e = g.trace(&frame, pos);
            assert_eq!(e.clue.to_string(), clue, "{sym} at {}", frame.position_name(pos));
            assert_eq!(frame.position_name(e.position), exit, "{sym} at {}", frame.position_name(pos));
        }
        for pos in (0..20).filter(|p| !positions.contains(p)) {
            assert_eq!(ring[pos].to_string(), "G5", "{sym}: {}", frame.position_name(pos));
        }
    }
}

#[test]
fn w3_invisible_items() {
    let (frame, g, ring) = parse("\\... / ../. / ..\\. / ....");
    let (_, _, empty_ring) = parse(".... / .... / .... / ....");
    assert_eq!(ring, empty_ring);
    assert!(sides(&frame, &ring).iter().all(|s| s == "G4 G4 G4 G4"));
    // A single `\` on the main diagonal or `/` on the anti-diagonal changes exits, not clues.
    for i in 0..6 {
        let (f, mut one) = Grid::parse("...... / ...... / ...... / ...... / ...... / ......");
        one.0[cell(i, i)] = 2;
        assert_eq!(one.ring(&f), Grid::with_warps(&f).ring(&f), "\\ at r{i}c{i}");
        one.0[cell(i, i)] = 0;
        one.0[cell(i, 5 - i)] = 1;
        assert_eq!(one.ring(&f), Grid::with_warps(&f).ring(&f), "/ at r{i}c{}", 5 - i);
    }
    // The exits change: on the 4×4 grid T0 (turned right by `\` at r0c0) now leaves at R0.
    assert_eq!(frame.position_name(g.trace(&frame, 0).position), "R0");
}

#[test]
fn w4_warps() {
    let (frame, g, ring) = parse("..... / .W... / ..... / .#.W. / .....");
    assert_eq!(
        sides(&frame, &ring),
        [
            "G5 G4 G5 Y13 G5".to_string(),
            "G5 Y13 G5 G4 G5".to_string(),
            "G5 Y3 G5 G4 G5".to_string(),
            "G5 G4 G5 Y3 G5".to_string(),
        ]
    );
    let t1 = g.trace(&frame, 1);
    assert_eq!((t1.clue.to_string(), frame.position_name(t1.position)), ("G4".to_string(), "B3".to_string()));
}

#[test]
fn w7_full_5x5_ring() {
    let (frame, g, ring) = parse("..... / .#... / \\O|.. / ..... / ..../");
    assert_eq!(side(&frame, &ring, 0), "A4 Y3 G5 G5 G9");
    assert_eq!(side(&frame, &ring, 1), "G5 Y7 Y5 G5 G1");
    assert_eq!(side(&frame, &ring, 2), "G3 A3 G5 G5 G1");
    assert_eq!(side(&frame, &ring, 3), "G5 Y3 G3 G5 G9");
    let r4 = g.trace(&frame, 9);
    assert_eq!(frame.position_name(r4.position), "B4");
    assert_eq!(frame.position_name(g.trace(&frame, 4).position), "L4");
}

#[test]
fn c1_ring_has_4n_clues_and_cell_of_position() {
    let (frame, _, ring) = parse("...... / ...... / ...... / ...... / ...... / ......");
    assert_eq!(frame.ring_len(), 24);
    assert!(ring[..24].iter().all(|c| c.number() > 0) && ring[24..].iter().all(|c| c.number() == 0));
    // Ti → r0ci, Ri → rir(N−1), Bi → r(N−1)ci, Li → rir0.
    assert_eq!(frame.entry_cell(2), cell(0, 2));
    assert_eq!(frame.entry_cell(6 + 2), cell(2, 5));
    assert_eq!(frame.entry_cell(12 + 2), cell(5, 2));
    assert_eq!(frame.entry_cell(18 + 2), cell(2, 0));
}

#[test]
fn c2_beams_enter_inward_with_count_1() {
    // A black hole on each entry cell absorbs at count 1.
    let (frame, g, _) = parse("O... / .... / .... / ....");
    assert_eq!(g.trace(&frame, 0).clue.to_string(), "A1");
    assert_eq!(g.trace(&frame, 12).clue.to_string(), "A1", "L0 enters r0c0 moving right");
    assert_eq!(frame.entry(4), (0, 3, 3), "R0 enters r0c3 moving left");
    assert_eq!(frame.entry(8), (3, 0, 0), "B0 enters r3c0 moving up");
}

#[test]
fn c3_walk_turns_absorbs_and_exits() {
    // `/` at r0c0: T0 (moving down) leaves moving left, at L0: green 1.
    let (frame, g, _) = parse("/... / .... / .... / ....");
    let e = g.trace(&frame, 0);
    assert_eq!((e.clue.to_string(), frame.position_name(e.position)), ("G1".into(), "L0".into()));
    // `#` at r0c0: T0 goes straight back out at T0: yellow 1.
    let (frame, g, _) = parse("#... / .... / .... / ....");
    assert_eq!(g.trace(&frame, 0).clue.to_string(), "Y1");
}

#[test]
fn c4_counts_cell_visits_with_revisits_and_warp_landings() {
    // Straight back from the k-th cell: Y(2k − 1).
    for k in 1..=5 {
        let mut rows = vec![".....".to_string(); 5];
        rows[k - 1] = "#....".into();
        let (frame, g, _) = parse(&rows.join(" / "));
        assert_eq!(g.trace(&frame, 0).clue.to_string(), format!("Y{}", 2 * k - 1));
    }
    // The warp landing counts once: T1 of W4 is r0c1, r1c1, (jump) r3c3, r4c3 = 4.
    let (frame, g, _) = parse("..... / .W... / ..... / .#.W. / .....");
    assert_eq!(g.trace(&frame, 1).clue.to_string(), "G4");
    // A black hole's cell counts: r1c2 from T2 is A2.
    let (frame, g, _) = parse("..... / ..O.. / ..... / ..... / .....");
    assert_eq!(g.trace(&frame, 2).clue.to_string(), "A2");
}

#[test]
fn c5_green_may_exit_on_the_same_side() {
    let (frame, g, ring) = parse(".... / ..|\\ / \\//. / .//.");
    let t0 = g.trace(&frame, 0);
    assert_eq!((t0.clue.to_string(), frame.position_name(t0.position)), ("G6".into(), "T1".into()));
    assert_eq!(ring[1].to_string(), "G6");
}

#[test]
fn c6_green_clues_pair_up_and_walks_end() {
    let mut rng = meeple::game::rng_from_seed(3);
    for _ in 0..200 {
        use rand::RngExt;
        let n = rng.random_range(4..=8u8);
        let warps = rng.random_bool(0.5);
        let mut g = Grid::with_warps(&Frame { n, warps: [NO_CELL; 2] });
        let mut frame = Frame { n, warps: [NO_CELL; 2] };
        if warps {
            frame.warps = [cell(0, 1) as u8, cell(n as usize - 1, 2) as u8];
            g = Grid::with_warps(&frame);
        }
        for _ in 0..rng.random_range(0..20) {
            let x = cell(rng.random_range(0..n as usize), rng.random_range(0..n as usize));
            if g.0[x] == 0 {
                g.0[x] = [1, 2, 3, 4, 5, 6, 8, 9][rng.random_range(0..8)];
            }
        }
        for pos in 0..frame.ring_len() {
            let e = g.trace(&frame, pos);
            assert!(e.clue.number() as usize <= 4 * (n as usize).pow(2) + 2, "walk ends");
            if e.clue.colour() == Colour::Green {
                let back = g.trace(&frame, e.position);
                assert_eq!((back.clue, back.position), (e.clue, pos), "{}", g.notation(&frame));
            }
        }
    }
}

#[test]
fn c7_warps_come_as_a_fixed_pair() {
    // The frame's partner map is an involution on the two warps; no action places a warp
    // (`Place` codes exclude 7, checked in the legal-action tests).
    let (frame, _, _) = parse("..... / .W... / ..... / ...W. / .....");
    let [a, b] = frame.warps.map(usize::from);
    assert_eq!((frame.partner(a), frame.partner(b)), (b, a));
}
