use super::*;
use crate::game::rng_from_seed;

fn legal(s: &ConnectFour) -> Vec<u8> {
    let mut v = Vec::new();
    s.legal_actions(&mut v);
    v.into_iter().map(|d| d.0).collect()
}

#[test]
fn first_player_is_seat_0_and_turns_alternate() {
    let s = ConnectFour::new();
    assert_eq!(s.to_move(), Some(0));
    assert_eq!(ConnectFour::from_moves(&[3]).to_move(), Some(1));
    assert_eq!(ConnectFour::from_moves(&[3, 3]).to_move(), Some(0));
}

#[test]
fn disc_falls_to_lowest_empty_cell() {
    let s = ConnectFour::from_moves(&[2, 2, 2]);
    assert_eq!(s.cell(2, 0), Some(0));
    assert_eq!(s.cell(2, 1), Some(1));
    assert_eq!(s.cell(2, 2), Some(0));
    assert_eq!(s.cell(2, 3), None);
}

#[test]
fn full_column_is_not_a_legal_move() {
    let s = ConnectFour::from_moves(&[0, 0, 0, 0, 0, 0]);
    assert_eq!(legal(&s), vec![1, 2, 3, 4, 5, 6]);
}

#[test]
fn vertical_four_wins() {
    let s = ConnectFour::from_moves(&[0, 1, 0, 1, 0, 1, 0]);
    assert_eq!(s.to_move(), None);
    assert_eq!(s.outcome().unwrap()[..2], [1.0, 0.0]);
    assert!(legal(&s).is_empty());
}

#[test]
fn horizontal_four_wins_for_second_player() {
    // X plays 0,0,0 stacked on the left edge; O builds 3,4,5,6 along the bottom row.
    let s = ConnectFour::from_moves(&[0, 3, 0, 4, 1, 5, 0, 6]);
    assert_eq!(s.outcome().unwrap()[..2], [0.0, 1.0]);
}

#[test]
fn rising_diagonal_four_wins() {
    // X at (0,0), (1,1), (2,2), (3,3).
    let s = ConnectFour::from_moves(&[0, 1, 1, 2, 2, 3, 2, 3, 3, 6, 3]);
    assert_eq!(s.cell(3, 3), Some(0));
    assert_eq!(s.outcome().unwrap()[..2], [1.0, 0.0]);
}

#[test]
fn falling_diagonal_four_wins() {
    // X at (6,0), (5,1), (4,2), (3,3).
    let s = ConnectFour::from_moves(&[6, 5, 5, 4, 4, 3, 4, 3, 3, 0, 3]);
    assert_eq!(s.outcome().unwrap()[..2], [1.0, 0.0]);
}

#[test]
fn three_in_a_row_does_not_win_and_edges_do_not_wrap() {
    // X at (6,0),(0,1)... bits 6*7+0 and 0*7+1 are not adjacent on the board.
    let s = ConnectFour::from_moves(&[4, 0, 5, 0, 6, 1, 0, 2]);
    assert_eq!(s.outcome(), None);
    assert_eq!(s.to_move(), Some(0));
}

#[test]
fn full_board_without_four_is_a_draw() {
    // A 42-move game checked by hand-written brute force (no four for either side at any ply).
    let moves = [
        3, 3, 1, 6, 5, 0, 1, 1, 4, 2, 6, 6, 1, 4, 1, 2, 3, 1, 4, 3, 4, 4, 5, 2, 3, 6, 3, 0, 6, 4, 2, 6, 0, 5, 5, 5, 5,
        2, 0, 2, 0, 0,
    ];
    let mut s = ConnectFour::new();
    let mut rng = rng_from_seed(0);
    for &c in &moves {
        assert_eq!(s.outcome(), None, "ended early at\n{s}");
        s.apply(Drop(c), &mut rng);
    }
    assert_eq!(s.to_move(), None);
    assert_eq!(s.outcome().unwrap()[..2], [0.5, 0.5]);
}

#[test]
fn display_shows_the_board_top_row_first() {
    let s = ConnectFour::from_moves(&[3, 3]);
    assert_eq!(s.to_string(), ".......\n.......\n.......\n.......\n...O...\n...X...\n");
}

/// An independent oracle: scan every cell and direction for four equal discs.
fn naive_four(s: &ConnectFour, seat: Seat) -> bool {
    let at =
        |c: i32, r: i32| (0..7).contains(&c) && (0..6).contains(&r) && s.cell(c as usize, r as usize) == Some(seat);
    (0..7).any(|c| {
        (0..6).any(|r| {
            [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dc, dr)| (0..4).all(|k| at(c + k * dc, r + k * dr)))
        })
    })
}

/// Plays `games` uniformly random games from seed `seed`, calling `check(before, mover, after)`
/// around every move (`before` is the position the move is chosen in).
fn random_moves(seed: u64, games: usize, mut check: impl FnMut(&ConnectFour, usize, &ConnectFour)) {
    use rand::RngExt;
    let mut rng = rng_from_seed(seed);
    let mut legal = Vec::new();
    for _ in 0..games {
        let mut s = ConnectFour::new();
        while let Some(mover) = s.to_move() {
            let before = s.clone();
            s.legal_actions(&mut legal);
            s.apply(legal[rng.random_range(0..legal.len())], &mut rng);
            check(&before, mover, &s);
        }
    }
}

#[test]
fn win_detection_agrees_with_a_cell_by_cell_scan_after_every_move() {
    random_moves(11, 20_000, |_, mover, s| {
        assert_eq!(s.winner == Some(mover as u8), naive_four(s, mover), "\n{s}");
        assert!(!naive_four(s, 1 - mover), "the waiting seat cannot have four\n{s}");
    });
}

/// The kept column mask and the two seats' discs agree with the cells after every move: a column
/// is free exactly when its top cell is empty, and each seat has played half the discs (seat 0
/// the odd one out).
#[test]
fn free_columns_and_discs_agree_with_the_cells_after_every_move() {
    random_moves(12, 2_000, |s, _, _| {
        let free = (0..COLUMNS).filter(|&c| s.cell(c, ROWS - 1).is_none()).fold(0, |m, c| m | 1 << c);
        assert_eq!(s.free, free, "\n{s}");
        let (d0, d1) = (s.discs(0), s.discs(1));
        assert_eq!((d0 & d1, d0 | d1), (0, s.occupied), "\n{s}");
        assert_eq!((d0.count_ones(), d1.count_ones()), (s.plies.div_ceil(2) as u32, s.plies as u32 / 2));
    });
}
