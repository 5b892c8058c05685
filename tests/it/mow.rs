//! MOW (`docs/rules/mow.md`): one test per rule and worked check of the spec, the conformance
//! kit with a non-default option (the defaults at every player count: `tests/it/conformance.rs`),
//! and the bots (no peeking; greedy beats random).

use crate::common::assert_beats_random;
use meeple::bots::peek_check::{check_cannot_peek, every_kind};
use meeple::conformance::check;
use meeple::game::{Game, rng_from_seed};
use meeple::games::mow::cards::{self, ACROBAT_7, ACROBAT_9, BLOCKER_0, BLOCKER_16, Kind, SLOWPOKES};
use meeple::games::mow::{Action, Config, Dir, MowState, Phase};
use meeple::labels::Labels;
use rand::RngExt;

const S1: u8 = SLOWPOKES[0];
const S2: u8 = SLOWPOKES[1];

/// The numbered cow `number` with `flies` flies.
fn cow(number: u8, flies: u8) -> u8 {
    cards::cow(number, flies).unwrap_or_else(|| panic!("no cow {number} with {flies} flies"))
}

/// The plain (0-fly) cow `number`.
fn plain(number: u8) -> u8 {
    cow(number, 0)
}

fn legal(s: &MowState) -> Vec<Action> {
    let mut v = Vec::new();
    s.legal_actions(&mut v);
    v
}

fn table(players: usize) -> MowState {
    MowState::empty(&Config::default(), players)
}

/// Applies `actions` in order (each must be legal) with a fixed RNG.
fn play(mut s: MowState, actions: &[Action]) -> MowState {
    let mut rng = rng_from_seed(5);
    for &a in actions {
        assert!(legal(&s).contains(&a), "{a} is not legal in\n{s}");
        s.apply(a, &mut rng);
    }
    s
}

// ---- Components -------------------------------------------------------------------------------

#[test]
fn the_deck_has_48_cards_and_74_flies() {
    let all: Vec<_> = cards::TABLE.iter().collect();
    assert_eq!(all.len(), 48);
    assert_eq!(all.iter().map(|c| u32::from(c.flies)).sum::<u32>(), 74);
    assert_eq!(cards::flies_in(cards::ALL_CARDS), 74);
    let group = |kind: Kind, flies: u8| {
        let mut numbers: Vec<u8> =
            all.iter().filter(|c| c.kind == kind && c.flies == flies).map(|c| c.number).collect();
        numbers.sort_unstable();
        numbers
    };
    assert_eq!(group(Kind::Cow, 0), (1..=15).collect::<Vec<_>>());
    assert_eq!(group(Kind::Cow, 1), (2..=14).collect::<Vec<_>>());
    assert_eq!(group(Kind::Cow, 2), (3..=13).collect::<Vec<_>>());
    assert_eq!(group(Kind::Cow, 3), vec![7, 8, 9]);
    assert_eq!(group(Kind::Blocker, 5), vec![0, 16]);
    assert_eq!(group(Kind::Acrobat, 5), vec![7, 9]);
    assert_eq!(group(Kind::Slowpoke, 5).len(), 2);
}

// ---- Rule 4: placement ------------------------------------------------------------------------

#[test]
fn a_cow_goes_below_the_minimum_or_above_the_maximum() {
    let hand = [plain(1), plain(4), plain(6), cow(9, 1), plain(11)];
    let s = table(2).with_hand(0, &hand).with_herd(&[plain(5), cow(10, 2)]).with_rest_in_pile();
    assert_eq!(legal(&s), vec![Action::Play(plain(1)), Action::Play(plain(4)), Action::Play(plain(11)), Action::Take]);
    // Equal to the minimum or maximum is not below or above it.
    assert!(!s.can_place(cow(5, 1)) && !s.can_place(cow(10, 1)));
    let after = play(s, &[Action::Play(plain(11))]);
    assert!(!after.can_place(cow(10, 1)) && !after.can_place(plain(11)) && after.can_place(plain(12)));
}

#[test]
fn the_worked_check_herd_3_9_11() {
    let s = table(2).with_herd(&[plain(3), cow(9, 1), plain(11)]);
    for c in 0..48u8 {
        let card = cards::card(c);
        let expected = match card.kind {
            Kind::Cow | Kind::Blocker => card.number <= 2 || card.number >= 12,
            Kind::Acrobat => card.number == 9,
            Kind::Slowpoke => true,
        };
        assert_eq!(s.can_place(c), expected, "{}", cards::CardName(c));
    }
}

#[test]
fn any_numbered_cow_or_blocker_starts_a_herd_but_no_acrobat_or_slowpoke() {
    let hand = [plain(8), cow(13, 2), BLOCKER_16, ACROBAT_7, S1];
    let s = table(2).with_hand(0, &hand).with_rest_in_pile();
    assert_eq!(legal(&s), vec![Action::Play(plain(8)), Action::Play(cow(13, 2)), Action::Play(BLOCKER_16)]);
}

#[test]
fn blockers_count_as_0_and_16() {
    let s = table(2).with_herd(&[plain(1), plain(15)]);
    assert!(s.can_place(BLOCKER_0) && s.can_place(BLOCKER_16));
    // After Blocker 0 nothing is lower; after Blocker 16 nothing is higher.
    let closed = table(2).with_herd(&[BLOCKER_0, plain(15)]);
    assert!((1..=14).all(|n| !closed.can_place(plain(n))));
    assert!(closed.can_place(BLOCKER_16));
    let both = table(2).with_herd(&[BLOCKER_0, plain(7), BLOCKER_16]);
    assert!((0..44u8).all(|c| !both.can_place(c)), "no numbered cow fits between 0 and 16");
    // They count for the Slowpoke's gaps: 1..6 and 8..15 are missing.
    assert!(both.can_place(S1));
    let hand = [plain(3), plain(12)];
    let s = table(2).with_hand(0, &hand).with_herd(&[BLOCKER_0, plain(7), BLOCKER_16]).with_rest_in_pile();
    assert_eq!(legal(&s), vec![Action::Take]);
}

// ---- Rule 5: Acrobats -------------------------------------------------------------------------

#[test]
fn both_acrobats_go_only_on_a_cow_of_their_number() {
    let with_7 = table(2).with_herd(&[plain(5), cow(7, 2)]);
    assert!(with_7.can_place(ACROBAT_7) && !with_7.can_place(ACROBAT_9));
    let with_9 = table(2).with_herd(&[cow(9, 3), plain(12)]);
    assert!(with_9.can_place(ACROBAT_9) && !with_9.can_place(ACROBAT_7));
    let neither = table(2).with_herd(&[plain(6), plain(8), plain(10)]);
    assert!(!neither.can_place(ACROBAT_7) && !neither.can_place(ACROBAT_9));
    // An Acrobat does not count toward the minimum or maximum.
    let on_top = table(2).with_herd(&[plain(5), plain(7), ACROBAT_7]);
    assert!(on_top.can_place(plain(8)) && !on_top.can_place(plain(6)) && on_top.can_place(plain(4)));
    // Neither can start a herd.
    let s = table(2).with_hand(0, &[ACROBAT_7, ACROBAT_9, plain(2)]).with_rest_in_pile();
    assert_eq!(legal(&s), vec![Action::Play(plain(2))]);
}

// ---- Rule 6: Slowpokes ------------------------------------------------------------------------

#[test]
fn slowpokes_fill_gaps_counting_the_slowpokes_already_there() {
    // One gap (5): one Slowpoke fits, the second does not.
    let one_gap = table(2).with_herd(&[plain(4), plain(6)]);
    assert!(one_gap.can_place(S1) && one_gap.can_place(S2));
    let filled = table(2).with_herd(&[plain(4), plain(6), S1]);
    assert!(!filled.can_place(S2));
    // Two gaps (5, 6): both Slowpokes fit, one after the other.
    let two_gaps = table(2).with_herd(&[plain(4), plain(7), S1]);
    assert!(two_gaps.can_place(S2));
    // No gap, a single cow, or an empty herd: no Slowpoke.
    assert!(!table(2).with_herd(&[plain(4), plain(5), plain(6)]).can_place(S1));
    assert!(!table(2).with_herd(&[plain(4)]).can_place(S1));
    assert!(!table(2).can_place(S1));
    // A Slowpoke does not count toward the minimum and maximum (5 is still between 4 and 6).
    assert!(!filled.can_place(cow(5, 1)));
    // An Acrobat does not fill a gap: herd 7, 9 + Acrobat 9 still has the gap 8.
    assert!(table(2).with_herd(&[plain(7), plain(9), ACROBAT_9]).can_place(S1));
}

// ---- Rule 3: taking the herd ------------------------------------------------------------------

#[test]
fn a_player_may_take_the_herd_voluntarily_and_then_starts_a_new_one() {
    let hand = [plain(1), plain(8), ACROBAT_7];
    let herd = [plain(5), cow(6, 1), cow(7, 2)];
    let s = table(3).with_hand(0, &hand).with_herd(&herd).with_pile(&[plain(15)]).with_hand(1, &[plain(2)]);
    assert!(legal(&s).contains(&Action::Play(plain(8))), "a cow could be added");
    let s = play(s, &[Action::Take]);
    assert_eq!(s.shed(0), cards::set(&herd));
    assert_eq!(s.herd(), 0);
    assert_eq!((s.phase(), s.to_move()), (Phase::Start, Some(0)));
    assert_eq!(legal(&s), vec![Action::Play(plain(1)), Action::Play(plain(8))]);
    let s = play(s, &[Action::Play(plain(8))]);
    assert_eq!(s.herd(), cards::set(&[plain(8)]));
    assert_eq!(s.hand(0), cards::set(&[plain(1), ACROBAT_7, plain(15)]), "drew after starting");
    assert_eq!((s.phase(), s.to_move()), (Phase::Turn, Some(1)));
}

#[test]
fn a_player_who_cannot_add_a_cow_must_take_the_herd() {
    let herd = [plain(3), plain(13)];
    let s = table(2).with_hand(0, &[plain(5), cow(8, 3), ACROBAT_9]).with_herd(&herd).with_rest_in_pile();
    assert_eq!(legal(&s), vec![Action::Take]);
    // An empty hand (once the pile is empty) also forces the take, which then ends the round.
    let s = table(2).with_hand(1, &[plain(1)]).with_herd(&herd).with_turn(0, Dir::Clockwise);
    assert_eq!(legal(&s), vec![Action::Take]);
    let s = play(s, &[Action::Take]);
    assert_eq!((s.round(), s.score(0), s.score(1)), (2, 0, 0));
}

// ---- Rule 8: deadlock -------------------------------------------------------------------------

#[test]
fn the_deadlock_passes_the_new_herd_to_the_next_player_who_can_start_it() {
    // Seat 0 takes with only an Acrobat and a Slowpoke: it starts no herd, draws, and the next
    // seats in the (counterclockwise) direction start: seat 3 has no starting cow, seat 2 does.
    let s = table(4)
        .with_hand(0, &[ACROBAT_7, S1])
        .with_hand(3, &[S2])
        .with_hand(2, &[plain(4), cow(9, 2)])
        .with_hand(1, &[plain(6)])
        .with_herd(&[plain(10), cow(11, 1)])
        .with_pile(&[ACROBAT_9, plain(1)])
        .with_turn(0, Dir::Counterclockwise);
    assert_eq!(legal(&s), vec![Action::Take]);
    let s = play(s, &[Action::Take]);
    assert_eq!(s.herd(), 0);
    assert_eq!(s.shed(0), cards::set(&[plain(10), cow(11, 1)]));
    assert_eq!(cards::count(s.hand(0)), 3, "the taker still draws");
    assert_eq!(cards::count(s.pile()), 1);
    assert_eq!(cards::count(s.hand(3)), 1, "a passed-over seat does not draw");
    assert_eq!((s.to_move(), s.phase()), (Some(2), Phase::Turn));
    assert_eq!(legal(&s), vec![Action::Play(plain(4)), Action::Play(cow(9, 2))]);
}

#[test]
fn when_no_player_can_start_a_herd_the_round_ends() {
    let s = table(2).with_hand(0, &[ACROBAT_7]).with_hand(1, &[S1]).with_herd(&[plain(2)]).with_pile(&[ACROBAT_9]);
    let s = play(s, &[Action::Take]);
    assert_eq!(s.round(), 2);
    assert_eq!((s.score(0), s.score(1)), (10, 5), "A7 + A9 + plain 2; Slowpoke");
}

// ---- Rule 7: direction ------------------------------------------------------------------------

#[test]
fn a_five_fly_cow_lets_the_player_reverse_the_direction() {
    let s = table(4)
        .with_hand(1, &[BLOCKER_16, plain(3)])
        .with_hand(0, &[plain(2)])
        .with_herd(&[plain(5)])
        .with_pile(&[plain(14), plain(15)])
        .with_turn(1, Dir::Clockwise);
    let s = play(s, &[Action::Play(BLOCKER_16)]);
    assert_eq!((s.phase(), s.to_move()), (Phase::Direction, Some(1)));
    assert_eq!(legal(&s), vec![Action::Direction(Dir::Clockwise), Action::Direction(Dir::Counterclockwise)]);
    let s = play(s, &[Action::Direction(Dir::Counterclockwise)]);
    assert_eq!((s.direction(), s.to_move()), (Dir::Counterclockwise, Some(0)));
    assert_eq!(cards::count(s.hand(1)), 2, "drew after choosing");
    // The direction holds for the following turns: seat 0 is followed by seat 3.
    let s = play(s, &[Action::Play(plain(2))]);
    assert_eq!(s.to_move(), Some(3));
}

#[test]
fn keeping_the_direction_and_plain_cows_leave_the_order_unchanged() {
    let base = table(3).with_hand(0, &[BLOCKER_0, plain(9)]).with_herd(&[plain(5)]).with_rest_in_pile();
    let kept = play(base, &[Action::Play(BLOCKER_0), Action::Direction(Dir::Clockwise)]);
    assert_eq!((kept.direction(), kept.to_move()), (Dir::Clockwise, Some(1)));
    let plain_cow = play(base, &[Action::Play(plain(9))]);
    assert_eq!((plain_cow.direction(), plain_cow.to_move()), (Dir::Clockwise, Some(1)));
    // With two players the direction changes nothing, so no choice is asked.
    let two = table(2).with_hand(0, &[BLOCKER_0]).with_herd(&[plain(5)]).with_rest_in_pile();
    let two = play(two, &[Action::Play(BLOCKER_0)]);
    assert_eq!((two.phase(), two.to_move()), (Phase::Turn, Some(1)));
}

// ---- Rule 9: drawing and the end of a round ---------------------------------------------------

#[test]
fn players_draw_until_the_pile_is_empty_then_play_on_until_a_take() {
    let s = table(2)
        .with_hand(0, &[plain(3), plain(4)])
        .with_hand(1, &[plain(12), plain(13)])
        .with_herd(&[plain(8)])
        .with_pile(&[plain(1)]);
    let s = play(s, &[Action::Play(plain(4))]);
    assert_eq!(s.hand(0), cards::set(&[plain(3), plain(1)]), "drew the last card");
    assert_eq!(s.pile(), 0);
    let s = play(s, &[Action::Play(plain(12))]);
    assert_eq!(s.hand(1), cards::set(&[plain(13)]), "no draw from an empty pile");
    assert_eq!((s.round(), s.phase()), (1, Phase::Turn), "the round goes on");
    let s = play(s, &[Action::Play(plain(3)), Action::Play(plain(13)), Action::Play(plain(1))]);
    assert_eq!(s.hand(1), 0);
    assert_eq!(legal(&s), vec![Action::Take], "an empty hand must take");
    let s = play(s, &[Action::Take]);
    assert_eq!(s.round(), 2, "the first take after the pile ran out ends the round");
}

#[test]
fn at_the_end_of_a_round_hands_are_added_to_the_cowsheds() {
    let s = table(3)
        .with_shed(0, &[cow(7, 3)])
        .with_hand(0, &[BLOCKER_0])
        .with_hand(1, &[cow(3, 1)])
        .with_hand(2, &[plain(1)])
        .with_shed(2, &[cow(9, 2)])
        .with_herd(&[cow(5, 1), cow(6, 2)]);
    let s = play(s, &[Action::Take]);
    // Seat 0: 3 (shed) + 1 + 2 (herd) + 5 (Blocker in hand); seat 1: 1 (hand); seat 2: 2 + 0.
    assert_eq!((s.score(0), s.score(1), s.score(2)), (11, 1, 2));
    assert_eq!((s.round(), s.to_move(), s.direction()), (2, Some(0), Dir::Clockwise), "most flies starts");
    assert!((0..3).all(|p| cards::count(s.hand(p)) == 5 && s.shed(p) == 0), "a new deal");
    assert_eq!(cards::count(s.pile()), 33);
}

#[test]
fn the_player_with_the_most_flies_starts_the_next_round_ties_broken_at_random() {
    let mut starters = [0; 3];
    for seed in 0..40 {
        let s = table(3).with_hand(1, &[plain(2)]).with_herd(&[plain(4)]).with_scores(&[30, 30, 10]);
        let mut rng = rng_from_seed(seed);
        let mut s = s;
        s.apply(Action::Take, &mut rng);
        assert_eq!((s.score(0), s.score(1), s.score(2)), (30, 30, 10));
        starters[s.to_move().unwrap()] += 1;
    }
    assert_eq!(starters[2], 0);
    assert!(starters[0] > 5 && starters[1] > 5, "{starters:?}");
}

// ---- Rule 10: six specials --------------------------------------------------------------------

#[test]
fn holding_all_six_five_fly_cows_scores_zero_with_six_specials() {
    let position = |config: &Config| {
        MowState::empty(config, 3)
            .with_shed(0, &[BLOCKER_0, BLOCKER_16, ACROBAT_7, S1, S2, cow(8, 3)])
            .with_hand(0, &[ACROBAT_9])
            .with_hand(1, &[cow(4, 2)])
            .with_herd(&[plain(5), cow(6, 1)])
            .with_turn(1, Dir::Clockwise)
    };
    let on = play(position(&Config { six_specials: true }), &[Action::Take]);
    assert_eq!((on.score(0), on.score(1)), (0, 3), "the six specials zero the whole cowshed");
    let off = play(position(&Config { six_specials: false }), &[Action::Take]);
    assert_eq!((off.score(0), off.score(1)), (33, 3));
    // Five of the six are not enough.
    let five = position(&Config::default()).with_hand(0, &[]).with_hand(2, &[ACROBAT_9]);
    let five = play(five, &[Action::Take]);
    assert_eq!((five.score(0), five.score(2)), (28, 5));
    assert_eq!(Config::default(), Config { six_specials: true }, "on by default, as in the seed");
}

// ---- Rule 11: game end ------------------------------------------------------------------------

fn last_round(scores: &[u16]) -> MowState {
    table(3)
        .with_scores(scores)
        .with_hand(0, &[BLOCKER_0])
        .with_hand(2, &[cow(9, 2)])
        .with_herd(&[cow(5, 1), cow(6, 2)])
        .with_turn(1, Dir::Clockwise)
}

#[test]
fn the_game_ends_after_a_round_in_which_someone_reaches_100_flies() {
    // Seat 1 takes 3 flies, seat 0 keeps 5 in hand (99 + 5 = 104), seat 2 keeps 2.
    let s = play(last_round(&[99, 20, 30]), &[Action::Take]);
    assert_eq!((s.score(0), s.score(1), s.score(2)), (104, 23, 32));
    assert_eq!((s.phase(), s.to_move()), (Phase::Over, None));
    assert!(legal(&s).is_empty());
    assert_eq!(s.outcome().unwrap()[..3], [0.0, 1.0, 0.0]);
    assert_eq!((s.game_labels().text("rounds").as_str(), s.game_labels().text("winners").as_str()), ("1", "1"));
    assert_eq!((s.seat_labels(0).text("flies").as_str(), s.seat_labels(1).text("flies").as_str()), ("100+", "0-24"));
    // Below 100 the game goes on with a new round.
    let s = play(last_round(&[94, 20, 30]), &[Action::Take]);
    assert_eq!((s.score(0), s.phase(), s.round()), (99, Phase::Turn, 2));
}

#[test]
fn players_tied_for_the_fewest_flies_share_the_win() {
    let s = play(last_round(&[99, 20, 21]), &[Action::Take]);
    assert_eq!((s.score(1), s.score(2)), (23, 23));
    assert_eq!(s.outcome().unwrap()[..3], [0.0, 0.5, 0.5]);
    assert_eq!(s.game_labels().text("winners"), "2");
}

// ---- Information and determinization ----------------------------------------------------------

#[test]
fn determinize_keeps_public_cards_and_the_own_hand_and_resamples_the_rest() {
    let s = MowState::new(&Config::default(), 4, &mut rng_from_seed(9));
    let s = play(s, &[legal(&s)[0]]);
    let mut seen_other_hand = false;
    for seed in 0..10 {
        let mut w = s;
        w.determinize(1, &mut rng_from_seed(seed));
        assert_eq!(w.observation(1), s.observation(1));
        assert_eq!((w.hand(1), w.herd(), w.shed(0)), (s.hand(1), s.herd(), s.shed(0)));
        assert!((0..4).all(|p| cards::count(w.hand(p)) == cards::count(s.hand(p))));
        let placed = (0..4).fold(w.pile() | w.herd(), |a, p| a | w.hand(p) | w.shed(p));
        assert_eq!(placed, cards::ALL_CARDS);
        seen_other_hand |= w.hand(0) != s.hand(0);
    }
    assert!(seen_other_hand, "other hands are resampled");
}

// ---- The conformance kit ----------------------------------------------------------------------

#[test]
fn conformance_4_players_without_six_specials() {
    check::<MowState>(&Config { six_specials: false }, 4, 44);
}

// ---- Bots -------------------------------------------------------------------------------------

#[test]
fn no_bot_can_peek_at_mow_hands_or_the_pile() {
    let mut rng = rng_from_seed(21);
    let specs = every_kind();
    let mut legal_buf = Vec::new();
    let mut checked = 0;
    while checked < 12 {
        let mut s = MowState::new(&Config::default(), 4, &mut rng);
        for step in 0.. {
            s.legal_actions(&mut legal_buf);
            if legal_buf.is_empty() {
                break;
            }
            if step % 37 == 5 && legal_buf.len() > 1 && checked < 12 {
                check_cannot_peek(&s, &specs, 100 + step, 200 + step).unwrap();
                checked += 1;
            }
            s.apply(legal_buf[rng.random_range(0..legal_buf.len())], &mut rng);
        }
    }
}

#[test]
fn greedy_wins_more_than_random_from_the_same_seat_and_deals() {
    assert_beats_random("mow", 4, "greedy", 300, 300);
}
