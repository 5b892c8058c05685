//! Spec "Components and data": W1.

use meeple::games::sevenwondersduel::data::{
    AGE_DECK, CARDS, COLOUR_SETS, Colour, DATA_VERSION, GUILDS, NUM_CARDS, SYMBOL_NAMES, TOKEN_NAMES, WONDERS,
};
use meeple::games::sevenwondersduel::structure::{LAYOUTS, SLOTS};

use super::c;
use meeple::labels::Labels;

#[test]
fn w1_data_totals() {
    assert_eq!(DATA_VERSION, "swd-base-ind01ed7a5-bga412d849");
    assert_eq!(NUM_CARDS, 73);
    let per_age: Vec<u32> = (1..=3).map(|a| AGE_DECK[a].count_ones()).collect();
    assert_eq!((per_age, GUILDS.count_ones()), (vec![23, 23, 20], 7));
    for (age, deck) in AGE_DECK.iter().enumerate().skip(1) {
        assert!(meeple::games::mechanics::cardset::iter(*deck).all(|i| CARDS[i as usize].age == age as u8));
    }
    let colours =
        [Colour::Brown, Colour::Grey, Colour::Blue, Colour::Green, Colour::Yellow, Colour::Red, Colour::Purple];
    let counts: Vec<u32> = colours.iter().map(|&k| COLOUR_SETS[k as usize].count_ones()).collect();
    assert_eq!(counts, vec![9, 4, 14, 12, 13, 14, 7]);
    assert_eq!(CARDS.iter().filter(|k| k.chain_from.is_some()).count(), 17);
    // Chains go from an earlier age to a later one.
    assert!(CARDS.iter().filter_map(|k| k.chain_from.map(|s| (CARDS[s as usize].age, k.age))).all(|(a, b)| a < b));
    for sym in 0..6u8 {
        let holders: Vec<_> = CARDS.iter().filter(|k| k.symbol == Some(sym)).collect();
        assert_eq!(holders.len(), 2, "symbol {}", SYMBOL_NAMES[sym as usize]);
        assert!(holders.iter().all(|k| k.colour == Colour::Green));
    }
    assert!(CARDS.iter().all(|k| k.symbol != Some(6)), "law is on no card");
    assert_eq!(WONDERS.iter().map(|w| u32::from(w.vp)).sum::<u32>(), 42);
    assert_eq!(TOKEN_NAMES.len(), 10);
    for layout in &LAYOUTS {
        assert_eq!(layout.pos.len(), SLOTS);
        assert_eq!((layout.face_up.count_ones(), SLOTS as u32 - layout.face_up.count_ones()), (12, 8));
    }
    // Spot checks of the table against the spec.
    let palace = &CARDS[c("palace") as usize];
    assert_eq!((palace.cost, palace.vp), ([1, 1, 1, 2, 0], 7));
    let forum = &CARDS[c("forum") as usize];
    assert_eq!((forum.coins, forum.cost), (3, [0, 1, 0, 0, 0]));
    assert_eq!(CARDS[c("lighthouse") as usize].chain_from, Some(c("tavern")));
    assert_eq!(CARDS[c("arsenal") as usize].shields, 3);
}

#[test]
fn the_per_wonder_labels_name_the_wonders_in_data_order() {
    use meeple::game::Game;
    use meeple::games::sevenwondersduel::{SeatLabels, SwdState};
    let names: Vec<&str> = WONDERS.iter().map(|w| w.id).collect();
    let first = SeatLabels::NAMES.iter().position(|&n| n == "appian_way").unwrap();
    assert_eq!(SeatLabels::NAMES[first..first + 12], names[..]);
    let s = SwdState::test_position(1).with_wonders(0, &["sphinx", "pyramids"], 1);
    let label = |seat, name: &str| s.seat_labels(seat).text(name);
    assert_eq!(
        [label(0, "sphinx"), label(0, "pyramids"), label(0, "colossus"), label(1, "sphinx")],
        ["built", "unbuilt", "none", "none"]
    );
}
