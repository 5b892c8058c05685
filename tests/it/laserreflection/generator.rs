//! Rules G1–G7: the generator as a pure function of its draws (worked checks W5, W6).

use super::{Script, parse, puzzle, sides};
use meeple::game::rng_from_seed;
use meeple::games::laserreflection::beam::{Grid, NO_CELL, cell};
use meeple::games::laserreflection::generator::{
    GenOptions, Shapes, draw_items, draw_warps, first_redundant, generate, item_count, place,
};
use meeple::games::laserreflection::{Config, LaserState};

fn defaults() -> GenOptions {
    GenOptions { n: 8, k: 10, black_holes: true, warps: false, shapes: Shapes::Squares }
}

fn w6_options() -> GenOptions {
    GenOptions { n: 4, k: 3, black_holes: false, warps: false, shapes: Shapes::None }
}

#[test]
fn g1_item_count_challenge_minimum_then_clamp() {
    assert_eq!(item_count(10, 8, false, None), 10);
    assert_eq!(item_count(3, 8, false, Some(3)), 3);
    assert_eq!(item_count(3, 8, false, Some(6)), 10);
    assert_eq!(item_count(12, 8, false, Some(6)), 12);
    assert_eq!(item_count(3, 8, false, Some(10)), 15);
    assert_eq!(item_count(30, 4, false, None), 16);
    assert_eq!(item_count(3, 4, true, Some(10)), 14, "Decision 10: 15 asked, 14 free cells");
}

#[test]
fn w5_multiset_draws_with_the_defaults() {
    let mut s = Script::new(&[0, 10, 70, 130, 205, 190, 1, 0, 119, 60, 59, 150]);
    let (l, attempts) = draw_items(&defaults(), &mut s);
    assert_eq!(l.as_slice(), &[1, 2, 4, 6, 5, 1, 2, 2, 1, 4]);
    assert_eq!(attempts, 2);
    assert!(s.used_up());
}

#[test]
fn w5_mean_attempts_is_about_3_455() {
    let mut rng = rng_from_seed(11);
    let samples = 20_000;
    let total: u32 = (0..samples).map(|_| draw_items(&defaults(), &mut rng).1).sum();
    let mean = f64::from(total) / f64::from(samples);
    // Geometric with p = 4864/16807: mean 3.455, standard error over 20,000 draws about 0.021.
    assert!((mean - 3.455).abs() < 0.1, "mean attempts {mean}");
}

#[test]
fn g2_preset_items_shapes_and_the_triangle_asymmetry() {
    // K' 7, triangles, no black holes: `/ \`, then `|` (draw 0), then a triangle with quality
    // (draw 1: `t`, q 5); then r = 10 (`/`, q 7), 190 (a triangle drawn 0: `b`, no quality),
    // 70 (`\`, q 9 > 7: accepted).
    let opts = GenOptions { n: 6, k: 7, black_holes: false, warps: false, shapes: Shapes::Triangles };
    let mut s = Script::new(&[0, 1, 10, 190, 0, 70]);
    let (l, attempts) = draw_items(&opts, &mut s);
    assert_eq!((l.as_slice(), attempts), (&[1, 2, 3, 9, 1, 8, 2][..], 1));
    // The same draws with q one lower (no preset quality for `b` at 190) would be rejected: with
    // r = 150 instead of 70 the list `/ \ | t / b -` has q 7 = K' and a second attempt follows.
    let mut s = Script::new(&[0, 1, 10, 190, 0, 150, 1, 1, 60, 0, 0]);
    let (l, attempts) = draw_items(&opts, &mut s);
    assert_eq!((l.as_slice(), attempts), (&[1, 2, 4, 9, 2, 1, 1][..], 2));
    // K' ≤ 5: no preset; `shapes = none` and no black holes draw again on 180..209.
    let opts = GenOptions { n: 4, k: 3, black_holes: false, warps: false, shapes: Shapes::None };
    let mut s = Script::new(&[199, 209, 0, 130, 60]);
    assert_eq!(draw_items(&opts, &mut s).0.as_slice(), &[1, 3, 2]);
    // `both`: 0 gives `#` without quality, 1 or 2 a triangle with quality.
    let opts = GenOptions { n: 6, k: 7, black_holes: true, warps: false, shapes: Shapes::Both };
    // Attempt 1: `- #` (draw 0, no quality), r = 185 then 2 (`t`, q 5), r = 0 (`/`, q 7 ≤ 7):
    // rejected. Attempt 2: `|`, `b` (draw 1, q 5), `/`, `\` (q 9): accepted.
    let mut s = Script::new(&[1, 0, 185, 2, 0, 0, 1, 0, 60]);
    let (l, attempts) = draw_items(&opts, &mut s);
    assert_eq!((l.as_slice(), attempts), (&[1, 2, 3, 6, 8, 1, 2][..], 2));
    assert!(s.used_up());
}

#[test]
fn g3_attempt_accepted_only_when_quality_exceeds_k() {
    // q = 8 ≤ 10: rejected; q = 12: accepted (W5).
    let mut s = Script::new(&[0, 10, 70, 130, 205, 190, 1, 0, 119, 60, 59, 150]);
    assert_eq!(draw_items(&defaults(), &mut s).1, 2);
    // Every accepted attempt at the defaults has at least 4 diagonal mirrors among its 5 draws.
    let mut rng = rng_from_seed(2);
    for _ in 0..500 {
        let (l, _) = draw_items(&defaults(), &mut rng);
        let diagonal = l.as_slice()[5..].iter().filter(|&&i| i == 1 || i == 2).count();
        assert!(diagonal >= 4, "{:?}", l.as_slice());
    }
}

#[test]
fn g4_warps_drawn_until_distinct() {
    let opts = GenOptions { n: 5, k: 3, black_holes: false, warps: true, shapes: Shapes::None };
    let mut s = Script::new(&[2, 3, 2, 3, 0, 1, 4, 4]);
    assert_eq!(draw_warps(&opts, &mut s), [cell(0, 1) as u8, cell(4, 4) as u8]);
    assert!(s.used_up());
    assert_eq!(draw_warps(&w6_options(), &mut Script::new(&[])), [NO_CELL; 2], "no warps, no draw");
}

#[test]
fn g5_placement_redraws_occupied_and_warp_cells() {
    let (frame, _) = Grid::parse("W.... / ..... / ..... / ....W / .....");
    // `/` drawn on the warp r0c0, then r1c1; `\` drawn on r1c1 (taken), then r2c2.
    let g = place(&frame, &[1, 2], &mut Script::new(&[0, 0, 1, 1, 1, 1, 2, 2]));
    assert_eq!(g.notation(&frame), "W.... / ./... / ..\\.. / ....W / .....");
}

#[test]
fn g6_redundancy_scan_stops_at_the_first_redundant_item() {
    let (frame, g, ring) = parse("\\... / ../. / ..\\. / ....");
    assert_eq!(first_redundant(&frame, &g), (ring, Some(cell(0, 0))));
    let (frame, g, ring) = parse("./.. / .... / \\... / ..\\.");
    assert_eq!(first_redundant(&frame, &g), (ring, None));
    // Ten failing tries: the tenth is accepted and flagged.
    let mut draws = vec![5, 65, 100];
    for _ in 0..10 {
        draws.extend([1, 2, 2, 2, 0, 0]);
    }
    let mut s = Script::new(&draws);
    let g = generate(&w6_options(), &mut s);
    assert_eq!((g.tries, g.redundant), (10, true));
    assert!(s.used_up());
}

#[test]
fn w6_full_scripted_generation() {
    let mut s = Script::new(&[185, 205, 5, 65, 100, 1, 2, 2, 2, 0, 0, 0, 1, 0, 1, 3, 2, 2, 0]);
    let g = generate(&w6_options(), &mut s);
    assert!(s.used_up());
    assert_eq!(g.hidden.notation(&g.puzzle.frame), "./.. / .... / \\... / ..\\.");
    assert_eq!((g.item_attempts, g.tries, g.redundant), (1, 2, false));
    let frame = g.puzzle.frame;
    assert_eq!(
        sides(&frame, &g.puzzle.ring),
        ["G6 G2 G5 G4".to_string(), "G6 G4 G6 G5".to_string(), "G2 G6 G3 G4".to_string(), "G2 G4 G2 G3".to_string(),]
    );
    let name = |p| frame.position_name(p);
    let pairs: Vec<String> = (0..16)
        .filter_map(|p| {
            let e = g.hidden.trace(&frame, p);
            (p < e.position).then(|| format!("{}-{} ({})", name(p), name(e.position), e.clue.number()))
        })
        .collect();
    assert_eq!(
        pairs.join(", "),
        "T0-R2 (6), T1-L0 (2), T2-R3 (5), T3-B3 (4), R0-B1 (6), R1-L1 (4), B0-L2 (2), B2-L3 (3)"
    );
    assert_eq!(g.puzzle, puzzle("./.. / .... / \\... / ..\\."));
}

#[test]
fn g7_the_puzzle_is_public_and_the_hidden_grid_in_the_record() {
    let config = Config::default();
    let s = LaserState::new(&config, 3, &mut rng_from_seed(9));
    let g = generate(&LaserState::gen_options(&config, 3), &mut rng_from_seed(9));
    assert_eq!(*s.puzzle(), g.puzzle);
    let record = s.record().expect("a new game has its record");
    assert_eq!((record.hidden, record.tries, record.item_attempts), (g.hidden, g.tries, g.item_attempts));
    assert_eq!(s.puzzle().items(), 10);
    assert_eq!(g.hidden.ring(&g.puzzle.frame), g.puzzle.ring);
}

#[test]
fn generator_is_a_pure_function_of_the_seed() {
    for warps in [false, true] {
        let opts = GenOptions { n: 7, k: 12, black_holes: true, warps, shapes: Shapes::Both };
        let a = generate(&opts, &mut rng_from_seed(4));
        let b = generate(&opts, &mut rng_from_seed(4));
        assert_eq!(a, b);
        assert_ne!(a, generate(&opts, &mut rng_from_seed(5)));
    }
}
