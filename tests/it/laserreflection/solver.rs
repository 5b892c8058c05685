//! Spec "Reference solver" (Decision 16): the counters of worked checks W6–W8, the leaf count
//! and the cap; the `Propagate` strategy finds the same solutions with no more nodes.

use super::puzzle;
use meeple::game::rng_from_seed;
use meeple::games::laserreflection::generator::{GenOptions, Shapes, generate};
use meeple::games::laserreflection::solver::{Report, Strategy, fillings, solve};

/// (solutions, min items, nodes, nodes first, traces).
fn counters(r: &Report) -> (u64, Option<u8>, u64, Option<u64>, u64) {
    (r.solutions, r.min_items, r.nodes, r.nodes_first, r.traces)
}

const CAP: u64 = 100_000_000;

#[test]
fn w6_reference_solver() {
    let p = puzzle("./.. / .... / \\... / ..\\.");
    for partial in [true, false] {
        let r = solve(&p, partial, CAP, Strategy::Backtrack);
        assert_eq!(counters(&r), (1, Some(3), 22, Some(19), 16), "partial {partial}");
        assert!(r.unique() && !r.capped);
        assert_eq!(r.best.unwrap().notation(&p.frame), "./.. / .... / \\... / ..\\.");
    }
}

#[test]
fn w7_reference_solver() {
    let p = puzzle("..... / .#... / \\O|.. / ..... / ..../");
    let r = solve(&p, true, CAP, Strategy::Backtrack);
    assert_eq!(counters(&r), (1, Some(5), 284, Some(85), 86));
}

#[test]
fn w8_partial_solutions() {
    let p = puzzle(".... / ..|\\ / \\//. / .//.");
    let r = solve(&p, true, CAP, Strategy::Backtrack);
    assert_eq!(counters(&r), (2, Some(5), 120, Some(24), 43));
    // The spec's text puts the last `/` at r3c1; the grid with that ring has it at r3c2 (the
    // ring of `.... / ..|\ / \/.. / ./..` differs on 8 clues). The counters are the spec's.
    assert_eq!(r.best.unwrap().notation(&p.frame), ".... / ..|\\ / \\/.. / ../.", "the 5-item solution");
    let r = solve(&p, false, CAP, Strategy::Backtrack);
    assert_eq!((r.solutions, r.min_items, r.nodes, r.nodes_first), (1, Some(7), 120, Some(47)));
    assert!(r.unique());
}

#[test]
fn node_cap_stops_the_search() {
    let p = puzzle("..... / .#... / \\O|.. / ..... / ..../");
    let r = solve(&p, true, 85, Strategy::Backtrack);
    assert!(r.capped && !r.unique());
    assert_eq!((r.nodes, r.solutions, r.nodes_first), (85, 1, Some(85)));
    let r = solve(&p, true, 84, Strategy::Backtrack);
    assert_eq!((r.nodes, r.solutions, r.min_items, r.capped), (84, 0, None, true));
}

#[test]
fn leaf_counts_fillings_of_unvisited_cells() {
    let mut stock = [0u8; 10];
    assert_eq!(fillings(5, &stock, true), 1);
    stock[1] = 2;
    // 0, 1 or 2 alike items in 5 cells: 1 + 5 + 10.
    assert_eq!(fillings(5, &stock, true), 16);
    assert_eq!(fillings(5, &stock, false), 10);
    stock[2] = 1;
    // partial no: 5!/(2! 1! 2!) = 30; more items than cells: none.
    assert_eq!(fillings(5, &stock, false), 30);
    assert_eq!(fillings(2, &stock, false), 0);
    stock[1] = 30;
    stock[2] = 30;
    assert_eq!(fillings(140, &stock, true), u64::MAX, "saturates");
}

#[test]
fn propagate_finds_the_same_solutions_with_no_more_nodes() {
    let mut rng = rng_from_seed(8);
    for (n, k, warps) in [(4, 3, false), (5, 5, true), (6, 6, false), (6, 8, true)] {
        for _ in 0..15 {
            let opts = GenOptions { n, k, black_holes: true, warps, shapes: Shapes::Both };
            let g = generate(&opts, &mut rng);
            for partial in [true, false] {
                let a = solve(&g.puzzle, partial, CAP, Strategy::Backtrack);
                let b = solve(&g.puzzle, partial, CAP, Strategy::Propagate);
                assert!(a.solutions >= 1, "the hidden grid is a solution");
                assert_eq!((a.solutions, a.min_items), (b.solutions, b.min_items));
                assert!(b.nodes <= a.nodes, "{} > {}", b.nodes, a.nodes);
                let best = b.best.unwrap();
                assert_eq!(best.ring(&g.puzzle.frame), g.puzzle.ring);
                assert_eq!(best.item_count(&g.puzzle.frame), usize::from(b.min_items.unwrap()));
            }
        }
    }
}
