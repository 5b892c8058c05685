use super::cards::{self, ALL_CARDS, FIVE_FLY, NUMBERED};
use super::*;
use crate::game::rng_from_seed;

#[test]
fn card_sets_partition_the_deck() {
    assert_eq!(cards::count(NUMBERED), 44);
    assert_eq!(cards::count(FIVE_FLY), 6);
    assert_eq!(cards::BY_NUMBER.iter().fold(0, |a, m| a | m), NUMBERED);
    assert_eq!(cards::iter(ALL_CARDS).count(), 48);
    assert_eq!(cards::nth(cards::set(&[3, 9, 40]), 2), 40);
}

#[test]
fn a_new_game_deals_five_cards_each_and_seat_0_starts() {
    let s = MowState::new(&Config::default(), 4, &mut rng_from_seed(1));
    for p in 0..4 {
        assert_eq!(cards::count(s.hand(p)), 5);
    }
    assert_eq!(cards::count(s.pile()), 28);
    assert_eq!((s.active(), s.direction(), s.phase(), s.round()), (0, Dir::Clockwise, Phase::Turn, 1));
    let all = (0..4).fold(s.pile(), |a, p| a | s.hand(p));
    assert_eq!(all, ALL_CARDS);
}

#[test]
fn display_names_cards_and_the_herd_in_order() {
    let a9 = cards::ACROBAT_9;
    let s = MowState::empty(&Config::default(), 2).with_herd(&[
        cards::cow(11, 0).unwrap(),
        45,
        cards::cow(9, 3).unwrap(),
        2,
    ]);
    let text = s.to_string();
    assert!(text.contains("herd [3 9*** A9 11]"), "{text}");
    assert_eq!(Action::Play(a9).to_string(), "play A9");
    assert_eq!(Action::Play(cards::SLOWPOKES[1]).to_string(), "play S2");
}
