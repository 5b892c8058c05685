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

#[test]
fn exchange_knowledge_records_gifts_and_the_cap_on_the_givers_other_cards() {
    let mut s = exchange_position();
    let mut rng = rng_from_seed(1);
    for a in [Action::Give(0), Action::Give(1), Action::Give(2)] {
        s.apply(a, &mut rng);
    }
    // The Beggar gave 2 and Joker: the President knows the Beggar holds the 3 and 4 it gave, and
    // that the Beggar's other cards rank at most 2 (index 12).
    let k = s.knowledge(0);
    assert_eq!((k.partner, k.known, k.cap), (3, Cards::parse("34"), 12));
    // The Peasant gave its Joker: its other cards rank at most A (index 11).
    let k = s.knowledge(1);
    assert_eq!((k.partner, k.known, k.cap), (2, Cards::parse("5"), 11));
    assert_eq!(s.knowledge(3), Knowledge { partner: 0, known: Cards::parse("2*"), cap: JOKER });
    // The Beggar plays its two 3s: the known 3 is taken as played first.
    s.turn = 3;
    s.apply(Action::Play { rank: 0, count: 2 }, &mut rng);
    assert_eq!(s.knowledge(0).known, Cards::parse("4"));
}

#[test]
fn determinize_respects_the_cap_from_received_strongest_cards() {
    let mut s = exchange_position();
    let mut rng = rng_from_seed(2);
    for a in [Action::Give(0), Action::Give(1), Action::Give(2)] {
        s.apply(a, &mut rng);
    }
    for seed in 0..200 {
        let mut w = s;
        w.determinize(1, &mut rng_from_seed(seed));
        // The Prime Minister knows the Peasant holds its 3 (gift index 2 = 5) and nothing above A.
        assert_eq!(w.hand(2).count(JOKER), 0, "seed {seed}: {w}");
        assert_eq!(w.hand(2).count(12), 0, "seed {seed}: {w}");
        assert!(w.hand(2).count(2) >= 1);
        assert_eq!(w.hand(1), s.hand(1));
    }
}
