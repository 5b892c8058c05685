//! Spec rules 7–10 (placing, leftmost cells, tiles never move, overflow) with W9 and W10.

use meeple::game::{Game, rng_from_seed};
use meeple::games::locomomo::{Action, LocoMomoState, Species, Tile};

use super::{legal, pending, pick, place, play, tiles};

/// A 2-player first turn where seat 0 holds `board` and the forest is `areas`.
fn with_board(board: &str, areas: &str) -> LocoMomoState {
    LocoMomoState::empty(2).with_board(0, board).with_forest(areas)
}

/// W9's position: row 1 holds 2 tiles, row 3 holds 5; a bear in A0 collects `Rg Rg Bg`.
fn w9() -> LocoMomoState {
    let s = with_board("row 3: Lb Lb Eb Eb Db\nrow 1: Lb Eb", "Rg Rg Bg Eb | Ln Ln Ln Ln | Bn Bn Bn Bn | En En En En");
    play(s, &[pick(0, "Bg")])
}

/// Rule 7 and W9: one `Place` per pending species and non-full row, in canonical order; the tile
/// goes to the row's leftmost empty cell; the turn has 1 + 3 actions.
#[test]
fn r7_w9_leftmost_placement_and_full_rows_closed() {
    let s = w9();
    assert_eq!(pending(&s), tiles("Rg Rg Bg"));
    let expected = [('R', 1), ('R', 2), ('R', 4), ('R', 5), ('B', 1), ('B', 2), ('B', 4), ('B', 5)];
    assert_eq!(legal(&s), expected.map(|(sp, r)| place(sp, r)));
    let after = play(s, &[place('R', 1)]);
    assert_eq!(after.board(0).cell(1, 3), Some("Rg".parse().unwrap()));
    assert_eq!(after.board(0).row_len(1), 3);
    let end = play(after, &[place('R', 1), place('B', 5)]);
    assert_eq!((end.actions(), end.turns(), end.to_move()), (4, 1, Some(1)));
    assert_eq!(end.board(0).cell(1, 4), Some("Rg".parse().unwrap()));
    assert_eq!(end.board(0).cell(5, 1), Some("Bg".parse().unwrap()));
}

/// Decision 5: a placement with a single legal option is still the player's action.
#[test]
fn a_forced_placement_is_still_an_action() {
    // Rows 1-4 full; a bear collects Bb Bb Bb; after two, the last Bb has one place, still an action.
    let board = "row 4: Ln Ln Ln Ln Ln\nrow 3: Bn Bn Bn Bn Bn\nrow 2: Dn Dn Dn Dn Dn\nrow 1: Lb Lb Lb Lb Lb";
    let s = play(with_board(board, "Rg Bb Bb Bb | Bn Bn Eb Eb | Eb Eb En En | Ln Ln Db Db"), &[pick(0, "Bb")]);
    let s = play(s, &[place('B', 5), place('B', 5)]);
    assert_eq!(legal(&s), [place('B', 5)]);
    assert_eq!(s.to_move(), Some(0));
}

/// Rule 8: the occupied cells of every row are a prefix, whatever order tiles arrive in.
#[test]
fn r8_every_row_is_filled_from_column_1() {
    let mut rng = rng_from_seed(8);
    let mut s = LocoMomoState::new_game(&Default::default(), 3, &mut rng);
    while let Some(&a) = legal(&s).last() {
        s.apply(a, &mut rng);
        for p in 0..3 {
            for r in 1..=5 {
                let len = s.board(p).row_len(r);
                assert!((1..=5).all(|c| s.board(p).cell(r, c).is_some() == (c <= len)), "seat {p} row {r}\n{s}");
            }
        }
    }
    assert!(s.is_over());
}

/// Rule 9: a placed tile never moves: every cell, once filled, keeps its tile to the end.
#[test]
fn r9_placed_tiles_never_move() {
    let mut rng = rng_from_seed(9);
    let mut s = LocoMomoState::new_game(&Default::default(), 2, &mut rng);
    let mut seen: [[[Option<Tile>; 5]; 5]; 2] = Default::default();
    let mut buf = Vec::new();
    while let Some(a) = s.random_action(&mut rng, &mut buf) {
        s.apply(a, &mut rng);
        for (p, cells) in seen.iter_mut().enumerate() {
            for r in 1..=5 {
                for c in 1..=5 {
                    let now = s.board(p).cell(r, c);
                    if let Some(before) = cells[r - 1][c - 1] {
                        assert_eq!(now, Some(before), "seat {p} row {r} column {c} changed");
                    }
                    cells[r - 1][c - 1] = now;
                }
            }
        }
    }
}

/// The board of W10: 23 tiles, row 5 columns 4 and 5 empty.
const W10_BOARD: &str = "row 5: Rn Rn Rn\nrow 4: Ln Ln Ln Ln Ln\nrow 3: Bn Bn Bn Bn Bn\nrow 2: Dn Dn Dn Dn Dn\n\
                         row 1: Rg Lg Eg Bg Dg";

/// Rule 10 and W10 (Decision 6): placing stops when the board is full; the 2 tiles left are
/// discarded; the turn has 1 + 2 actions, then the refill.
#[test]
fn r10_w10_overflow_is_discarded() {
    let s = with_board(W10_BOARD, "Eb Rg Rg Rg | Ln Bb Bb Bb | Eb Lb Db Rn | Bg Bg Bg Bg");
    assert_eq!(s.board(0).tiles(), 23);
    let s = play(s, &[pick(0, "Eb")]);
    assert_eq!(pending(&s), tiles("Eb Eb Lb Db"));
    assert_eq!(legal(&s), [place('L', 5), place('E', 5), place('D', 5)]);
    let bag = s.bag().len();
    let s = play(s, &[place('E', 5)]);
    assert_eq!(s.to_move(), Some(0));
    let s = play(s, &[place('D', 5)]);
    assert_eq!(s.board(0).tiles(), 25);
    assert_eq!((s.discarded_by(0), s.discarded().iter().sum::<u8>()), (2, 2));
    assert_eq!(s.discarded()[Tile::new(Species::Eagle, meeple::games::locomomo::Colour::Blue).index()], 1);
    assert_eq!((s.actions(), s.turns(), s.to_move()), (3, 1, Some(1)));
    // The refill (A0 lost one, A2 lost three) came after the discards.
    assert_eq!(s.bag().len(), bag - 4);
    s.check_invariants().unwrap();
}

/// Rule 10 (Decision 7): a player whose board is full still picks; everything collected is
/// discarded and the turn ends inside the same action.
#[test]
fn r10_a_full_board_still_picks_and_discards_all() {
    let full = "row 5: Rn Rn Rn Rn Rn\nrow 4: Ln Ln Ln Ln Ln\nrow 3: Bn Bn Bn Bn Bn\nrow 2: Dn Dn Dn Dn Dn\n\
                row 1: Rg Lg Eg Bg Dg";
    let s = with_board(full, "Eb Rg Rg Rg | Ln Bb Bb Bb | Eb Lb Db Rn | Bg Bg Bg Bg");
    assert!(matches!(legal(&s)[0], Action::Pick { .. }));
    let s = play(s, &[pick(0, "Eb")]);
    assert_eq!((s.discarded_by(0), s.actions(), s.turns(), s.to_move()), (4, 1, 1, Some(1)));
    assert!(pending(&s).is_empty());
    s.check_invariants().unwrap();
}
