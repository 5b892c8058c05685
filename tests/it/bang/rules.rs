//! Options, labels, rewards, display, and what `determinize` keeps and resamples.

use meeple::game::{Game, GameRng, rng_from_seed};
use meeple::games::bang::builder::{act, card, legal, play};
use meeple::games::bang::cards::{self, J, Kind, NONE, Q, Suit};
use meeple::games::bang::characters::Character;
use meeple::games::bang::{Action, BangState, Config, Frame, Role};
use meeple::labels::Labels;

fn rng() -> GameRng {
    rng_from_seed(37)
}

#[test]
fn config_parses_and_rejects_unknown_fields() {
    let c: Config = toml::from_str("bga_small_tables = true").unwrap();
    assert!(c.bga_small_tables && !c.character_choice);
    let d: Config = toml::from_str("").unwrap();
    assert_eq!(d, Config::default());
    assert!(toml::from_str::<Config>("dodge_city = true").is_err());
    assert_eq!(BangState::players(&Config::default()), 4..=7);
    assert_eq!(BangState::players(&c), 2..=7);
}

#[test]
fn setup_follows_c1() {
    for n in 2..=7 {
        let s = BangState::new_game(&Config::default(), n, &mut rng_from_seed(n as u64));
        let sheriff = (0..n).find(|&p| s.role(p) == Role::Sheriff).unwrap();
        assert_eq!(s.active(), sheriff, "the Sheriff plays first");
        let mut dealt = 0;
        for p in 0..n {
            let max = s.character(p).bullets() + i8::from(p == sheriff);
            assert_eq!(s.max_life(p), max);
            dealt += max as usize;
        }
        // Everything dealt, minus the Sheriff's draw of at least 2 (Kit may hold 3 aside).
        assert!(s.deck().len() <= 80 - dealt - 2, "{n}");
        assert_eq!(s.seat_labels(sheriff).text("seat_from_sheriff"), "0");
        assert_eq!(s.seat_labels(sheriff).text("role"), "sheriff");
        s.check_invariants().unwrap();
    }
}

#[test]
fn character_choice_is_a_decision_before_the_deal() {
    let config = Config { bga_small_tables: false, character_choice: true };
    let mut r = rng();
    let mut s = BangState::new_game(&config, 4, &mut r);
    let first = s.to_move().unwrap();
    assert_eq!(s.role(first), Role::Sheriff);
    let options = legal(&s);
    assert_eq!(options.len(), 2);
    let Action::ChooseCharacter(pick) = options[1] else { panic!("{options:?}") };
    for _ in 0..4 {
        let a = legal(&s)[1];
        act(&mut s, a, &mut r);
    }
    assert_eq!(s.character(first), pick);
    assert!(s.hand(first) != 0, "dealt after the last pick");
    assert_eq!(meeple::games::bang::SeatLabels::NAMES, ["role", "character", "seat_from_sheriff"]);
}

#[test]
fn display_is_compact_and_names_the_pending_effect() {
    let s = BangState::new_game(&Config::default(), 5, &mut rng());
    let text = s.to_string();
    assert!(text.lines().count() <= 7, "{text}");
    assert!(text.contains("sheriff") && text.contains("pending"));
    let a = play(card(Kind::Bang, 5, Suit::Diamonds), 2);
    assert_eq!(a.to_string(), "play BANG!5♦#4 @2");
}

/// Seat 0 looks at a table where seats 1 and 2 hold one hidden card each.
fn two_hidden(c1: u8, c2: u8) -> BangState {
    BangState::builder(4).hand(0, &[card(Kind::Beer, 6, Suit::Hearts)]).hand(1, &[c1]).hand(2, &[c2]).in_phase_two()
}

#[test]
fn determinize_cannot_see_hidden_cards_or_roles() {
    let (a, b) = (card(Kind::Missed, 2, Suit::Spades), card(Kind::Barrel, Q, Suit::Spades));
    let (x, y) = (two_hidden(a, b), two_hidden(b, a));
    assert_ne!(x, y);
    assert_eq!(x.observation(0), y.observation(0));
    let (mut dx, mut dy) = (x, y);
    dx.determinize(0, &mut rng());
    dy.determinize(0, &mut rng());
    assert_eq!(dx, dy, "a function of the observation only");
    // Over many seeds, the card in seat 1's hand varies and the Sheriff stays the Sheriff.
    let mut seen = 0u128;
    for seed in 0..50 {
        let mut d = x;
        d.determinize(0, &mut rng_from_seed(seed));
        seen |= d.hand(1);
        assert_eq!(d.role(0), Role::Sheriff);
        assert_eq!(cards::count(d.hand(1)), 1);
        d.check_invariants().unwrap();
    }
    assert!(cards::count(seen) > 10);
}

#[test]
fn determinize_keeps_public_picks_and_kits_returned_card() {
    let store = card(Kind::GeneralStore, 9, Suit::Clubs);
    let shown = [2, 3, 4, 5].map(|r| card(Kind::Bang, r, Suit::Diamonds));
    let mut r = rng();
    let mut s = BangState::builder(4).hand(0, &[store]).deck_top(&shown).in_phase_two();
    act(&mut s, play(store, NONE), &mut r);
    for c in shown {
        if let Frame::Store { .. } = s.top() {
            act(&mut s, Action::Take(c), &mut r);
        }
    }
    for seed in 0..20 {
        let mut d = s;
        d.determinize(2, &mut rng_from_seed(seed));
        for (seat, &c) in shown.iter().enumerate() {
            assert!(d.hand(seat) & cards::bit(c) != 0, "seat {seat} keeps its public pick");
        }
    }
    // Kit Carlson's returned card stays on top for Kit, not for the others.
    let top = [J, Q, 10].map(|rank| card(Kind::Bang, rank, Suit::Diamonds));
    let mut s =
        BangState::builder(4).character(1, Character::KitCarlson).deck_top(&top).active(1).at_turn_start(&mut r);
    act(&mut s, Action::PutBack(top[1]), &mut r);
    let mut moved = false;
    for seed in 0..20 {
        let mut kit = s;
        kit.determinize(1, &mut rng_from_seed(seed));
        assert_eq!(kit.deck().last(), Some(&top[1]));
        let mut other = s;
        other.determinize(0, &mut rng_from_seed(seed));
        moved |= other.deck().last() != Some(&top[1]);
    }
    assert!(moved, "seat 0 does not know the top card");
}

#[test]
fn determinize_after_reshuffle_keeps_old_cards_out_of_the_deck() {
    // After a reshuffle the deck can only hold cards from the old discard pile.
    let stage = card(Kind::Stagecoach, 9, Suit::Spades);
    let held = [2, 3, 4].map(|r| card(Kind::Bang, r, Suit::Clubs));
    let mut r = rng();
    let mut s = BangState::builder(4).hand(0, &[stage]).hand(1, &held).only_deck_top().in_phase_two();
    act(&mut s, play(stage, NONE), &mut r);
    for seed in 0..20 {
        let mut d = s;
        d.determinize(2, &mut rng_from_seed(seed));
        for c in held {
            assert!(!d.deck().contains(&c), "{c} was in a hand during the reshuffle");
        }
    }
}

#[test]
fn rewards_go_to_the_whole_winning_side() {
    let s = BangState::builder(4)
        .dead(1)
        .dead(2)
        .hand(0, &[card(Kind::Bang, 5, Suit::Diamonds)])
        .in_play(0, &[card(Kind::Schofield, J, Suit::Clubs)])
        .life(3, 1)
        .in_phase_two();
    let mut s = s;
    act(&mut s, play(card(Kind::Bang, 5, Suit::Diamonds), 3), &mut rng());
    let r = s.outcome().unwrap();
    assert_eq!(&r[..4], &[1.0, 0.0, 0.0, 0.0]);
    assert_eq!(s.game_labels().text("winner"), "sheriff");
    assert_eq!(s.to_move(), None);
}

#[test]
fn random_steal_is_seen_by_thief_and_victim_only() {
    let panic = card(Kind::Panic, J, Suit::Hearts);
    let loot = card(Kind::Missed, 2, Suit::Spades);
    let mut r = rng();
    let mut s = BangState::builder(4).hand(0, &[panic]).hand(1, &[loot]).in_phase_two();
    act(&mut s, Action::Play { card: panic, target: 1, pick: meeple::games::bang::FROM_HAND }, &mut r);
    assert_eq!(s.hand(0), cards::bit(loot));
    assert_eq!(s.observation(1).view.hand(0), cards::bit(loot), "the victim knows");
    assert_eq!(s.observation(2).view.hand(0), 0, "a bystander does not");
    assert_eq!(s.observation(2).hidden[0], 1);
}

#[test]
fn a_random_steal_blurs_public_knowledge_of_the_victims_hand() {
    // Seat 1 holds two publicly known cards; seat 0 steals one at random. The bystander (seat 2)
    // no longer knows which one stayed; the thief does.
    let panic = card(Kind::Panic, Q, Suit::Hearts);
    let known = [card(Kind::Bang, 2, Suit::Diamonds), card(Kind::Bang, 3, Suit::Diamonds)];
    let mut s = BangState::builder(4).hand(0, &[panic]).hand(1, &known).public(&known).in_phase_two();
    assert_eq!(s.observation(2).view.hand(1), cards::bit(known[0]) | cards::bit(known[1]));
    let pick = meeple::games::bang::FROM_HAND;
    act(&mut s, Action::Play { card: panic, target: 1, pick }, &mut rng());
    let kept = s.hand(1);
    assert_eq!(cards::count(kept), 1);
    assert_eq!(s.observation(2).view.hand(1), 0, "the bystander lost track");
    assert_eq!(s.observation(2).view.hand(0), 0);
    assert_eq!(s.observation(0).view.hand(1), kept, "the thief knows what stayed");
}
