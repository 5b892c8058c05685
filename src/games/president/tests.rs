//! Unit tests of the module internals: exchange knowledge and its use by determinization.

use super::*;
use crate::game::rng_from_seed;

/// A 4-player hand 2 position in the exchange phase: seat 0 President, 1 Prime Minister,
/// 2 Peasant, 3 Beggar.
fn exchange_position() -> PresidentState {
    let hands = ["3456789TJQKA2", "3456789TJQKA2", "3456789TJQKA*", "3456789TJQKA2*"].map(Cards::parse);
    let roles = [Role::President, Role::PrimeMinister, Role::Peasant, Role::Beggar];
    let mut s = PresidentState::from_hands(&Config::default(), &hands, &roles, 2, 0);
    s.phase = Phase::Exchange;
    s
}

/// [`exchange_position`] after the President gives a 3 and a 4, the Prime Minister a 5.
fn after_exchange() -> PresidentState {
    let mut s = exchange_position();
    let mut rng = rng_from_seed(1);
    for a in [Action::Give(0), Action::Give(1), Action::Give(2)] {
        s.apply(a, &mut rng);
    }
    s
}

#[test]
fn state_is_small_and_copy() {
    let size = std::mem::size_of::<PresidentState>();
    assert!(size <= 320, "{size} bytes");
}

#[test]
fn exchange_knowledge_records_gifts_and_the_cap_on_the_givers_other_cards() {
    let mut s = after_exchange();
    let mut rng = rng_from_seed(1);
    // The Beggar gave 2 and Joker: the President knows the Beggar holds the 3 and 4 it gave, and
    // that the Beggar's other cards rank at most 2 (index 12).
    let k = s.knowledge(0);
    assert_eq!((k.partner, k.known, k.cap), (3, Cards::parse("34"), 12));
    // The Peasant gave its Joker: nothing is known about its other cards.
    let k = s.knowledge(1);
    assert_eq!((k.partner, k.known, k.cap), (2, Cards::parse("5"), JOKER));
    assert_eq!(s.knowledge(3), Knowledge { partner: 0, known: Cards::parse("2*"), cap: JOKER });
    // The Beggar plays its two 3s: the known 3 is taken as played first.
    s.turn = 3;
    s.apply(Action::Play { rank: 0, count: 2 }, &mut rng);
    assert_eq!(s.knowledge(0).known, Cards::parse("4"));
}

#[test]
fn determinize_respects_the_cap_from_received_strongest_cards() {
    let s = after_exchange();
    let mut jokers = [0; 4];
    for seed in 0..200 {
        let mut w = s;
        w.determinize(0, &mut rng_from_seed(seed));
        // The President knows the Beggar holds the 3 and 4 it gave, and that the Beggar's other
        // cards rank at most 2: the one hidden Joker is never the Beggar's.
        assert_eq!(w.hand(3).count(JOKER), 0, "seed {seed}: {w}");
        assert!(w.hand(3).count(0) >= 1 && w.hand(3).count(1) >= 1, "seed {seed}: {w}");
        assert_eq!(w.hand(0), s.hand(0));
        for (p, j) in jokers.iter_mut().enumerate() {
            *j += w.hand(p).count(JOKER);
        }
    }
    // The President holds the Beggar's Joker; the other one is spread over seats 1 and 2.
    assert_eq!(jokers[0], 200);
    assert!(jokers[1] > 50 && jokers[2] > 50, "{jokers:?}");
}
