//! Spec "End, scoring, ties": the row table and Decision 14 (W11–W14), outcomes (W15), and the
//! final score through `Game::score`.

use meeple::game::{Game, rng_from_seed};
use meeple::games::locomomo::{LocoMomoState, MAX_SCORE, PhotoBoard, Score, rewards};

/// The score of the board drawn in `picture` (the spec's `row N:` lines).
fn score(picture: &str) -> Score {
    picture.parse::<PhotoBoard>().unwrap().score()
}

/// W11: row 1 counts distinct species, row 2 sums `f` over each species' count.
#[test]
fn w11_rows_1_and_2() {
    assert_eq!(score("row 1: Rb Rg Bn").row1, 2);
    assert_eq!(score("row 1: Rb Lb Eb Bb Db").row1, 14);
    assert_eq!(score("row 1: Bb Bg Bn Bb Bb").row1, 1);
    assert_eq!(score("").row1, 0);
    assert_eq!(score("row 2: Bb Bg Bn Bb Eb").row2, 10);
    assert_eq!(score("row 2: Rb Lb Eb Bb Db").row2, 5);
    assert_eq!(score("row 2: Dg Dn Rb Rg").row2, 4);
    assert_eq!(score("row 2: Rg Rg Rg Rg Rg").row2, 14);
    // Rows 1 and 2 score nothing for each other's patterns.
    assert_eq!(score("row 2: Rg Rg Rg Rg Rg").row1, 0);
    assert_eq!(score("row 1: Rg Rg Rg Rg Rg").row2, 0);
}

/// W12: pairs in rows 3–4 (colour ignored) and triples on top of a pair only.
#[test]
fn w12_pairs_and_triples() {
    let s = score("row 5: Bg Dn Eb .  .\nrow 4: Bb Eg Lg Rn Dn\nrow 3: Bn Eb Eg Rb .");
    assert_eq!((s.pairs, s.triples, s.total()), (9, 4, 13));
    assert_eq!((s.row1, s.row2, s.colour_lines), (0, 0, 0));
}

/// W13: a colour line needs 5 tiles of one colour; a tile may count for a row and a column.
#[test]
fn w13_colour_lines() {
    let a = score(
        "row 5: Rb Eg .  .  .\nrow 4: Db Lg .  .  .\nrow 3: Bb Lg .  .  .\nrow 2: Eb Rg .  .  .\nrow 1: Lb Bg Dg Eg Rn",
    );
    assert_eq!(a, Score { row1: 14, row2: 2, pairs: 3, triples: 0, colour_lines: 10 });
    assert_eq!(a.total(), 29);
    let b = score("row 5: Rn\nrow 4: Dn\nrow 3: Bn\nrow 2: En\nrow 1: Ln Bn Dn En Rn");
    assert_eq!(b, Score { row1: 14, row2: 1, pairs: 0, triples: 0, colour_lines: 10 });
    assert_eq!(b.total(), 25);
    let c = score("row 4: Db\nrow 3: Bb\nrow 2: Eb\nrow 1: Lb Bb Db Eb .");
    assert_eq!(c, Score { row1: 9, row2: 1, pairs: 0, triples: 0, colour_lines: 0 });
    assert_eq!(c.total(), 10);
}

/// The board of W14, the seed's scoring example.
const W14: &str = "row 5: Lg Bb Dg Rn Eb
row 4: Lg Bb Eb Dg Bn
row 3: Lg Bb En Rn Db
row 2: Rg Rb Lg Rn Lg
row 1: Bg Db En Rb Bn";

/// W14: the seed's example scores 9 + 7 + 9 + 8 + 10 = 43, also as a seat's final score; the
/// board uses no type more than 7 times (`with_board` takes its tiles from the bag).
#[test]
fn w14_seed_example_scores_43() {
    assert_eq!(score(W14), Score { row1: 9, row2: 7, pairs: 9, triples: 8, colour_lines: 10 });
    assert_eq!(score(W14).total(), 43);
    let s = LocoMomoState::empty(1).with_board(0, W14);
    assert_eq!(s.scores()[0], 43);
    assert_eq!(s.board(0).to_string(), W14);
}

/// W15: outcomes from final scores; ties share the win (Decision 12); solo is score / 113
/// (Decision 15).
#[test]
fn w15_outcomes_and_the_solo_reward() {
    assert_eq!(rewards(&[40, 40])[..2], [0.5, 0.5]);
    assert_eq!(rewards(&[38, 45, 45])[..3], [0.0, 0.5, 0.5]);
    assert_eq!(rewards(&[50, 41, 39, 12])[..4], [1.0, 0.0, 0.0, 0.0]);
    let solo = rewards(&[43]);
    assert!((solo[0] - 0.380_531).abs() < 1e-6, "{}", solo[0]);
    assert_eq!(rewards(&[MAX_SCORE])[0], 1.0);
    assert!(rewards(&[30, 40, 50]).iter().skip(3).all(|&r| r == 0.0));
}

/// A finished game's outcome is `rewards` of its seats' `Game::score`s, at every player count.
#[test]
fn finished_games_are_rewarded_from_their_scores() {
    for players in 1..=4 {
        let mut rng = rng_from_seed(15 + players as u64);
        let mut s = LocoMomoState::new_game(&Default::default(), players, &mut rng);
        let mut buf = Vec::new();
        while let Some(a) = s.random_action(&mut rng, &mut buf) {
            s.apply(a, &mut rng);
        }
        let scores: Vec<u8> = (0..players).map(|p| s.score(p) as u8).collect();
        assert_eq!(s.outcome(), Some(rewards(&scores)));
        assert!(scores.iter().all(|&x| x <= MAX_SCORE));
    }
}

/// The spec's maximum, 113, is reached by a full one-colour board within the 7-per-type limit.
#[test]
fn the_maximum_score_is_113() {
    let max = "row 5: Lb Eb Bb Db Lb
row 4: Lb Eb Bb Db Lb
row 3: Lb Eb Bb Db Lb
row 2: Rb Rb Rb Rb Rb
row 1: Rb Lb Eb Bb Db";
    let s = LocoMomoState::empty(1).with_board(0, max);
    assert_eq!(s.board(0).score(), Score { row1: 14, row2: 14, pairs: 15, triples: 20, colour_lines: 50 });
    assert_eq!(s.scores()[0], MAX_SCORE);
}

/// Boards print as the spec draws them, and malformed pictures are refused.
#[test]
fn boards_read_and_print_in_the_spec_picture() {
    let b: PhotoBoard = "row 2: Rg Rb\nrow 1: Bg".parse().unwrap();
    assert_eq!(
        b.to_string(),
        "row 5: .  .  .  .  .\nrow 4: .  .  .  .  .\nrow 3: .  .  .  .  .\nrow 2: Rg Rb .  .  .\nrow 1: Bg .  .  .  ."
    );
    assert!("row 1: Rg . Rg".parse::<PhotoBoard>().unwrap_err().to_string().contains("left"));
    assert!("row 6: Rg".parse::<PhotoBoard>().is_err());
    assert!("row 1: Rg Rg Rg Rg Rg Rg".parse::<PhotoBoard>().is_err());
}
