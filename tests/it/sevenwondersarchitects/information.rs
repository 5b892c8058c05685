//! Spec §6 (information and determinization) with R4 and W16, the conformance kit with every
//! option changed (the defaults at every player count: `tests/it/conformance.rs`), and the cannot-peek check for every bot kind.

use super::*;
use meeple::bots::peek_check::{check_cannot_peek, every_kind};
use meeple::conformance::check;
use meeple::games::sevenwondersarchitects::{
    BabylonDeck, BabylonPower, BuildOrder, CatPeek, Source, Step, Token, TokenLimit,
};
use rand::RngExt;

const D0: Action = Action::Take(Source::Deck(0));
const D1: Action = Action::Take(Source::Deck(1));
const D2: Action = Action::Take(Source::Deck(2));
const CENTRAL: Action = Action::Take(Source::Central);

/// W16's position at the start of seat 1's turn: seat 1 holds the cat; the central deck is
/// Glass, Red1, then more cards.
fn w16(deck2_top: Card) -> ArchitectsState {
    let central = [Card::Glass, Card::Red1, Card::Wood, Card::Stone, Card::Gear, Card::Blue3, Card::Clay];
    table(&wonders(3, Wonder::Giza))
        .with_deck_of(0, Card::Blue3, 5)
        .with_deck_of(1, Card::Blue3, 5)
        .with_deck(2, &[deck2_top, Card::Blue3, Card::Blue3])
        .with_central(&central)
        .with_cat(1)
        .with_tableau(1, &[Card::BlueCat])
        .start(1)
}

/// Central top cards of 40 determinizations of `s` for `observer`.
fn central_tops(s: &ArchitectsState, observer: usize) -> HashSet<Card> {
    (0..40)
        .map(|seed| {
            let mut d = *s;
            d.determinize(observer, &mut rng_from_seed(seed));
            d.central_cards()[0]
        })
        .collect()
}

#[test]
fn w16_r4_the_cat_holder_sees_the_central_top_at_its_turn_start() {
    let s = w16(Card::Blue3);
    assert!(s.knows_central_top(1) && !s.knows_central_top(0) && !s.knows_central_top(2));
    assert_eq!(central_tops(&s, 1), [Card::Glass].into());
    assert!(central_tops(&s, 0).len() > 2);
    // Seat 1 takes from its deck and still knows Glass.
    let s = play(s, &[D1]);
    assert!(s.knows_central_top(1));
    assert_eq!(central_tops(&s, 1), [Card::Glass].into());
    // Seat 2 takes the Glass: it is public and nobody knows the new top (Red1).
    let s = play(s, &[CENTRAL]);
    assert_eq!(s.count(2, Card::Glass), 1);
    assert!((0..3).all(|p| !s.knows_central_top(p)));
    // Seat 0 takes; at seat 1's next turn start (still holding the cat) it knows Red1.
    let s = play(s, &[D0]);
    assert_eq!(s.active(), 1);
    assert!(s.knows_central_top(1));
    assert_eq!(central_tops(&s, 1), [Card::Red1].into());
}

#[test]
fn w16_d3_a_seat_gaining_the_cat_sees_nothing_until_its_next_turn() {
    let s = play(w16(Card::BlueCat), &[D1, D2]);
    assert_eq!(s.cat(), Some(2));
    // Seat 1 keeps its knowledge of Glass after losing the cat; seat 2 sees nothing yet.
    assert!(s.knows_central_top(1) && !s.knows_central_top(2));
    let s = play(s, &[D0, D1]);
    assert_eq!(s.active(), 2);
    assert!(s.knows_central_top(2) && s.knows_central_top(1));
}

/// The state display names the seats that know the central top by number.
#[test]
fn display_names_the_seats_knowing_the_central_top() {
    let s = play(w16(Card::BlueCat), &[D1, D2]);
    assert!(s.to_string().contains("| central 7 known to seat 1 |"), "{s}");
    let s = play(s, &[D0, D1]);
    assert!(s.to_string().contains("| central 7 known to seats 1 2 |"), "{s}");
}

#[test]
fn r4_every_take_option_peeks_before_each_take() {
    // Seat 0 holds the cat and owns Jewellery; it takes the central Gold (which it saw at its turn
    // start), Jewellery fires, and the extra take shows the new top only with every_take.
    let position = |cat_peek: CatPeek| {
        table_with(Config { cat_peek, ..Config::default() }, &wonders(3, Wonder::Giza))
            .with_tokens(0, &[Token::Jewellery])
            .with_cat(0)
            .with_tableau(0, &[Card::BlueCat])
            .with_deck_of(0, Card::Blue3, 3)
            .with_deck_of(1, Card::Blue3, 3)
            .with_central(&[Card::Gold, Card::Stone, Card::Wood, Card::Clay])
            .start(0)
    };
    for (cat_peek, sees_new_top) in [(CatPeek::TurnStart, false), (CatPeek::EveryTake, true)] {
        let s = position(cat_peek);
        assert!(s.knows_central_top(0));
        let s = play(s, &[CENTRAL]);
        assert_eq!((s.step(), s.knows_central_top(0)), (Step::ExtraTake, sees_new_top), "{cat_peek:?}");
        if sees_new_top {
            assert_eq!(central_tops(&s, 0), [Card::Stone].into());
        }
    }
}

#[test]
fn determinize_keeps_multisets_sizes_tops_and_known_cards() {
    let mut rng = rng_from_seed(3);
    for n in 2..=7 {
        let mut s = ArchitectsState::new(&Config::default(), n, &mut rng);
        let mut legal = Vec::new();
        for step in 0..200 {
            s.legal_actions(&mut legal);
            if legal.is_empty() {
                break;
            }
            if step % 9 == 0 {
                for o in 0..n {
                    let mut d = s;
                    d.determinize(o, &mut rng);
                    for k in 0..n {
                        let (mut a, mut b) = (s.deck_cards(k), d.deck_cards(k));
                        assert_eq!(d.deck_top(k), s.deck_top(k));
                        a.sort();
                        b.sort();
                        if s.look().is_none() {
                            assert_eq!(a, b, "deck{k} multiset");
                        } else {
                            assert_eq!(a.len(), b.len());
                        }
                    }
                    let (mut a, mut b) = (s.central_cards(), d.central_cards());
                    if s.knows_central_top(o) {
                        assert_eq!(a[0], b[0]);
                    }
                    a.sort();
                    b.sort();
                    assert_eq!(a, b);
                    assert_eq!((d.stack_size(), d.display()), (s.stack_size(), s.display()));
                    d.check_invariants().unwrap();
                }
            }
            s.apply(legal[rng.random_range(0..legal.len())], &mut rng);
        }
    }
}

#[test]
fn determinize_resamples_another_seats_halicarnassus_look() {
    let s = table(&wonders(3, Wonder::Halicarnassus))
        .with_built(0, &[1])
        .with_tableau(0, &[Card::Stone])
        .with_deck(0, &[Card::Stone])
        .with_deck(
            2,
            &[Card::Wood, Card::Glass, Card::Gear, Card::Blue3, Card::Red0, Card::Gold, Card::Clay, Card::Tablet],
        )
        .with_central(&[Card::Wood; 3]);
    let s = play(s.start(0), &[D0, build(2, &[Card::Stone, Card::Stone]), Action::Look(2)]);
    let (deck, look) = s.look().unwrap();
    assert_eq!((deck, look.iter().sum::<u8>(), s.deck_size(2)), (2, 5, 3));
    let mut other_looks = HashSet::new();
    for seed in 0..30 {
        let mut own = s;
        own.determinize(0, &mut rng_from_seed(seed));
        assert_eq!(own.look(), s.look(), "the looker keeps its look");
        let mut other = s;
        other.determinize(1, &mut rng_from_seed(seed));
        let (_, l) = other.look().unwrap();
        assert_eq!(l.iter().sum::<u8>(), 5);
        assert!(l[Card::Wood as usize] >= 1, "the former top stays in the look");
        other_looks.insert(l);
        assert_eq!(other.observation(1), s.observation(1));
    }
    assert!(other_looks.len() > 3);
}

#[test]
fn conformance_with_every_option_changed() {
    let config = Config {
        build_order: BuildOrder::ByFloor,
        babylon_deck: BabylonDeck::Stone2Clay1,
        babylon_power: BabylonPower::S2S5,
        token_limit: TokenLimit::All,
        cat_peek: CatPeek::EveryTake,
        ..Config::default()
    };
    for n in [2, 4, 7] {
        check::<ArchitectsState>(&config, n, 40 + n as u64);
    }
}

#[test]
fn no_bot_can_peek_at_decks_the_central_top_or_a_look() {
    let mut rng = rng_from_seed(21);
    let specs = every_kind();
    let mut legal_buf = Vec::new();
    let mut checked = 0;
    let mut looks = 0;
    while checked < 16 {
        let n = 2 + checked % 6;
        let mut s = ArchitectsState::new(&Config::default(), n, &mut rng);
        for step in 0u64.. {
            s.legal_actions(&mut legal_buf);
            if legal_buf.is_empty() {
                break;
            }
            let keep = s.step() == Step::Keep;
            if (step % 29 == 5 || keep) && legal_buf.len() > 1 && checked < 16 {
                check_cannot_peek(&s, &specs, 100 + step, 200 + step).unwrap();
                checked += 1;
                looks += usize::from(keep);
            }
            s.apply(legal_buf[rng.random_range(0..legal_buf.len())], &mut rng);
        }
    }
    // Every `Keep` position is checked, so a Halicarnassus look (the looker's private cards) is
    // among the positions the bots were tested on.
    assert!(looks >= 1, "no Halicarnassus look (Step::Keep) among the {checked} checked positions");
}
