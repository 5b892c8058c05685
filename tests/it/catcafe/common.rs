//! Helpers: sheets from cell names, states at a given point of a round, playing actions.

use meeple::game::{Game, GameRng, rng_from_seed};
use meeple::games::catcafe::sheet::cell_at;
use meeple::games::catcafe::{Action, CatCafe, Config, Sheet};

/// The cell index of a name like `C2F5`.
pub fn cell(name: &str) -> u8 {
    let b = name.as_bytes();
    assert!(b.len() == 4 && b[0] == b'C' && b[2] == b'F', "cell name {name}");
    cell_at(b[1] - b'0', b[3] - b'0').unwrap_or_else(|| panic!("{name} is not usable"))
}

/// A sheet holding `items` (cell name, item number), with `avail` circled paw prints.
pub fn sheet(items: &[(&str, u8)], avail: u8) -> Sheet {
    let mut s = Sheet { avail, ..Sheet::default() };
    for &(name, item) in items {
        s.items[item as usize - 1] |= 1 << cell(name);
    }
    s
}

/// `Mark` of `item` in the named cell.
pub fn mark(name: &str, item: u8) -> Action {
    Action::Mark { cell: cell(name), item }
}

/// The decider's legal actions.
pub fn legal(s: &CatCafe) -> Vec<Action> {
    let mut v = Vec::new();
    s.legal_actions(&mut v);
    v
}

/// Applies `actions` in order (each must be legal) with `rng`.
pub fn play_with(s: &mut CatCafe, actions: &[Action], rng: &mut GameRng) {
    for &a in actions {
        assert!(legal(s).contains(&a), "{a} is not legal in\n{s}");
        s.apply(a, rng);
    }
}

/// Applies `actions` in order with a fixed RNG; returns the state.
pub fn play(mut s: CatCafe, actions: &[Action]) -> CatCafe {
    play_with(&mut s, actions, &mut rng_from_seed(5));
    s
}

/// A blank `players`-seat game with the default options.
pub fn blank(players: usize) -> CatCafe {
    CatCafe::blank(&Config::default(), players)
}

/// `s` (at the start of a draft) with its dice set so that each seat drafts `owns[seat]` and the
/// shared die is `shared`, played through the draft (picks in round order).
pub fn at_marking(s: CatCafe, owns: &[u8], shared: u8) -> CatCafe {
    let n = s.num_players();
    let first = s.first_player() as usize;
    let order: Vec<usize> = (0..n).map(|k| (first + k) % n).collect();
    let mut dice: Vec<u8> = order.iter().map(|&p| owns[p]).collect();
    dice.push(shared);
    let picks: Vec<Action> = order.iter().map(|&p| Action::PickDie(owns[p])).collect();
    play(s.with_dice(&dice), &picks)
}

/// A finished game at `cat_points.len()` seats whose final scores are `50 + cat_points[0]` for
/// seat 0 and `cat_points[p]` for the others: seat 0 holds cushions on C1, C5 and C4F1..C4F5
/// (C1 and C5 banked at their lower values), and ends the game in round 1 by marking a cushion
/// on C4F6 (own die 6, shared die 5, cost 0) while the others pass: cushions 40, columns 4 + 2 + 4.
pub fn finished_with_cat_points(cat_points: &[u16]) -> CatCafe {
    let n = cat_points.len();
    let cushions: Vec<(&str, u8)> = ["C1F1", "C1F2", "C1F3", "C1F5", "C5F1", "C5F3", "C5F4"]
        .into_iter()
        .chain(["C4F1", "C4F2", "C4F3", "C4F4", "C4F5"])
        .map(|c| (c, 5))
        .collect();
    let mut s = blank(n).with_taken(0b1_0001);
    let mut first = sheet(&cushions, 0);
    first.banked = 0b1_0001;
    first.column_points = 6;
    first.cat_points = cat_points[0];
    s = s.with_sheet(0, first);
    for (p, &points) in cat_points.iter().enumerate().skip(1) {
        s = s.with_sheet(p, Sheet { cat_points: points, ..sheet(&[], 0) });
    }
    let mut owns = vec![1; n];
    owns[0] = 6;
    let s = at_marking(s, &owns, 5);
    let rest = std::iter::repeat_n(Action::Pass, n - 1);
    play(s, &std::iter::once(mark("C4F6", 5)).chain(rest).collect::<Vec<_>>())
}
