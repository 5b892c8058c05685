//! Spec "Components and data": W1 (map integrity), W2 (deck integrity) and the data version.

use std::collections::{BTreeMap, BTreeSet};

use meeple::games::ekonos::data::{ADJACENT, CARDS, NEIGHBOURS, frontier};
use meeple::games::ekonos::{COMPANIES, Company, DATA_VERSION};

#[test]
fn the_data_version_is_the_specs() {
    assert_eq!(DATA_VERSION, "ekonos-map-v1-school-transcription");
}

#[test]
fn w1_map_integrity() {
    let mut edges = 0;
    for (i, ns) in NEIGHBOURS.iter().enumerate() {
        let r = i as u8 + 1;
        for &m in *ns {
            assert!(NEIGHBOURS[m as usize - 1].contains(&r), "{r}-{m} is not symmetric");
            assert_ne!(m, r);
        }
        edges += ns.len();
        assert_eq!(ADJACENT[i].count_ones() as usize, ns.len());
    }
    assert_eq!(edges, 2 * 62, "degree sum 124 = 2 x 62 edges");
    // Connected: grow from region 1 until nothing new is reached.
    let mut reached = 1u64;
    loop {
        let next = reached | frontier(reached);
        if next == reached {
            break;
        }
        reached = next;
    }
    assert_eq!(reached.count_ones(), 36, "the map is connected");
    let degree = |k: usize| (1..=36u8).filter(|&r| NEIGHBOURS[r as usize - 1].len() == k).collect::<Vec<_>>();
    assert_eq!(degree(2), vec![1, 31, 32]);
    assert_eq!(degree(3).len(), 15);
    assert_eq!(degree(4).len(), 17);
    assert_eq!(degree(5), vec![28]);
    assert_eq!(NEIGHBOURS[27], &[19, 27, 29, 34, 35]);
}

/// The 36 cards as (top, sorted bottom pair) company indices.
fn deck() -> BTreeSet<(usize, [usize; 2])> {
    CARDS
        .iter()
        .map(|c| {
            let (a, b) = (c.bottom[0] as usize, c.bottom[1] as usize);
            (c.top as usize, [a.min(b), a.max(b)])
        })
        .collect()
}

#[test]
fn w2_deck_integrity() {
    use Company::*;
    let mut top = [0; 6];
    let mut bottom = [0; 6];
    for c in CARDS {
        top[c.top as usize] += 1;
        for b in c.bottom {
            bottom[b as usize] += 1;
        }
        assert!(c.top != c.bottom[0] && c.top != c.bottom[1] && c.bottom[0] != c.bottom[1], "{c:?}");
    }
    assert_eq!(top, [6; 6]);
    assert_eq!(bottom, [12; 6]);
    assert_eq!(deck().len(), 36, "all 36 cards differ");
    // The excluded partner of each top company never shows below it.
    for (x, partner) in [(R, P), (D, R), (L, Y), (G, D), (Y, G), (P, L)] {
        assert!(CARDS.iter().filter(|c| c.top == x).all(|c| !c.bottom.contains(&partner)), "{x} over {partner}");
    }
    // Pair counts over the three pairs of every card.
    let mut pairs: BTreeMap<String, usize> = BTreeMap::new();
    for c in CARDS {
        let ids = [c.top, c.bottom[0], c.bottom[1]];
        for (i, j) in [(0, 1), (0, 2), (1, 2)] {
            let mut two = [ids[i].code(), ids[j].code()];
            two.sort_unstable();
            *pairs.entry(two.concat()).or_default() += 1;
        }
    }
    assert_eq!(pairs.values().sum::<usize>(), 108);
    assert_eq!(pairs.len(), 15);
    for (pair, count) in &pairs {
        let six = ["DG", "DR", "GY", "LP", "LY", "PR"].contains(&pair.as_str());
        assert_eq!(*count, if six { 6 } else { 8 }, "pair {pair}");
    }
    // The 6-cycle R→P→L→Y→G→D→R maps the deck onto itself; exactly its 6 powers do.
    let cycle = |c: Company| match c {
        R => P,
        P => L,
        L => Y,
        Y => G,
        G => D,
        D => R,
    };
    let renamed = |f: &dyn Fn(usize) -> usize| -> BTreeSet<(usize, [usize; 2])> {
        deck().into_iter().map(|(t, [a, b])| (f(t), [f(a).min(f(b)), f(a).max(f(b))])).collect()
    };
    assert_eq!(renamed(&|i| cycle(COMPANIES[i]) as usize), deck());
    let mut keeping = 0;
    let mut perm = [0, 1, 2, 3, 4, 5];
    permutations(&mut perm, 0, &mut |p| {
        if renamed(&|i| p[i]) == deck() {
            keeping += 1;
        }
    });
    assert_eq!(keeping, 6, "of the 720 renamings, exactly the 6 powers of the cycle keep the deck");
}

/// Calls `f` on every permutation of `p[k..]` (with `p[..k]` fixed).
fn permutations(p: &mut [usize; 6], k: usize, f: &mut dyn FnMut(&[usize; 6])) {
    if k == p.len() {
        f(p);
        return;
    }
    for i in k..p.len() {
        p.swap(k, i);
        permutations(p, k + 1, f);
        p.swap(k, i);
    }
}
