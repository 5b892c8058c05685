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
