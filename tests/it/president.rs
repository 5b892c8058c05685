//! President (issue 6): one test per rule and worked check of `docs/rules/president.md`
//! (rule numbers in the test docs), the conformance kit at 4–8 players and option variants, and
//! greedy against random. Positions are built with fixed hands (`PresidentState::from_hands`).

use crate::common::assert_beats_random;
use meeple::conformance::check;
use meeple::game::{Game, GameRng, rng_from_seed};
use meeple::games::president::{Action, Cards, Config, JOKER, Phase, PresidentState, Role, SkipMode, rank_of_char};
use meeple::labels::Labels;
use rand::RngExt;

fn parse_hands(hands: &[&str]) -> Vec<Cards> {
    hands.iter().map(|h| Cards::parse(h)).collect()
}

/// Hand 1 with the given hands, `leader` to open.
fn at(config: Config, hands: &[&str], leader: usize) -> PresidentState {
    PresidentState::from_hands(&config, &parse_hands(hands), &[], 1, leader)
}

/// `pass`, or the cards played as rank characters (`99`, `*`).
fn action(text: &str) -> Action {
    if text == "pass" {
        return Action::Pass;
    }
    let rank = rank_of_char(text.chars().next().unwrap()).unwrap();
    Action::Play { rank, count: text.len() as u8 }
}

fn legal(s: &PresidentState) -> Vec<Action> {
    let mut out = Vec::new();
    s.legal_actions(&mut out);
    out
}

/// Plays `moves` in order, each checked legal for the decider.
fn run(s: &mut PresidentState, moves: &[&str], rng: &mut GameRng) {
    for m in moves {
        let a = action(m);
        assert!(legal(s).contains(&a), "{m} is not legal in {s}");
        s.apply(a, rng);
    }
}

fn ranks(text: &str) -> Vec<Action> {
    text.split(' ').map(action).collect()
}

/// Hand `hand_no` in which the seats go out in `order` (a rotation of the seats, `order[0]`
/// leading): seat `order[k]` holds one card of rank index `k`, everyone plays its card in turn.
/// Returns the state after the hand (the next hand's exchange, or the end of the game).
fn finish(config: Config, order: &[usize], points: &[i32], hand_no: u16, rng: &mut GameRng) -> PresidentState {
    let mut hands = vec![Cards::EMPTY; order.len()];
    for (k, &seat) in order.iter().enumerate() {
        hands[seat] = Cards::EMPTY.plus(k as u8, 1);
    }
    let roles = if hand_no == 1 { vec![] } else { vec![Role::Citizen; order.len()] };
    let mut s = PresidentState::from_hands(&config, &hands, &roles, hand_no, order[0]);
    s.set_points(points);
    for &seat in &order[..order.len() - 1] {
        assert_eq!(s.to_move(), Some(seat), "{s}");
        let rank = s.hand(seat).ranks().next().unwrap();
        s.apply(Action::Play { rank, count: 1 }, rng);
    }
    s
}

// ---------------------------------------------------------------- deal (rule 1)

/// Worked check: 4 players, 54 cards, seat 0 deals: seats 1 and 2 get 14, seats 3 and 0 get 13.
#[test]
fn deal_at_4_players_gives_seats_1_and_2_fourteen_cards() {
    let s = PresidentState::new_game(&Config::default(), 4, &mut rng_from_seed(1));
    assert_eq!((0..4).map(|p| s.hand(p).len()).collect::<Vec<_>>(), [13, 14, 14, 13]);
    assert_eq!(s.unplayed(), Cards::deck(true));
    let s = PresidentState::new_game(&Config::default(), 8, &mut rng_from_seed(1));
    assert_eq!((0..8).map(|p| s.hand(p).len()).collect::<Vec<_>>(), [6, 7, 7, 7, 7, 7, 7, 6]);
    let no_jokers = Config { jokers: false, ..Config::default() };
    let s = PresidentState::new_game(&no_jokers, 4, &mut rng_from_seed(1));
    assert_eq!((0..4).map(|p| s.hand(p).len()).collect::<Vec<_>>(), [13; 4]);
    assert_eq!(s.unplayed().count(JOKER), 0);
}

/// Rule 1: later hands are dealt by the previous Beggar, from the seat after him.
#[test]
fn later_hands_are_dealt_by_the_previous_beggar() {
    let mut rng = rng_from_seed(2);
    let s = finish(Config::default(), &[2, 3, 0, 1], &[50; 4], 1, &mut rng);
    assert_eq!(s.role(1), Role::Beggar);
    assert_eq!((s.dealer(), s.hand_number(), s.phase()), (1, 2, Phase::Exchange));
    assert_eq!((0..4).map(|p| s.hand(p).len()).collect::<Vec<_>>(), [13, 13, 14, 14]);
}

// ---------------------------------------------------------------- piles (rules 2-6)

/// Rule 2: the leader opens with 1 to 4 cards of one rank (a Joker alone) and may not pass.
#[test]
fn leader_opens_with_one_to_four_cards_of_a_rank_and_may_not_pass() {
    let s = at(Config::default(), &["55558*", "3", "4", "6"], 0);
    assert_eq!(legal(&s), ranks("5 55 555 5555 8 *"));
}

/// Worked check: on a pair of 9s a pair of 10s may follow, a single King may not, a single
/// Joker may.
#[test]
fn pair_of_nines_is_followed_by_a_pair_of_tens_or_a_joker_not_a_single_king() {
    let mut s = at(Config::default(), &["993", "TTK*", "4", "5"], 0);
    run(&mut s, &["99"], &mut rng_from_seed(0));
    assert_eq!(legal(&s), ranks("pass TT *"));
}

/// Rule 3: a follower plays the same count of a strictly stronger rank; equal or weaker ranks
/// and other counts may not follow (Skip off).
#[test]
fn following_needs_the_same_count_and_a_strictly_stronger_rank() {
    let mut s = at(Config::default(), &["TT3", "88TTJJJ", "4", "5"], 0);
    run(&mut s, &["TT"], &mut rng_from_seed(0));
    assert_eq!(legal(&s), ranks("pass JJ"));
}

/// Rule 3: a player who passed may not play again in this pile, even if able.
#[test]
fn a_player_who_passed_may_not_play_again_in_the_pile() {
    let mut s = at(Config::default(), &["5Q", "6K", "7J", "8T"], 0);
    run(&mut s, &["5", "pass", "7", "8", "Q"], &mut rng_from_seed(0));
    // Seat 1 holds a King but passed: the turn goes to seat 2.
    assert_eq!(s.to_move(), Some(2));
}

/// Rule 4: a single Joker may be played on any pile, closes it, and its player leads next.
#[test]
fn joker_beats_any_pile_closes_it_and_its_player_leads() {
    let mut s = at(Config::default(), &["9993", "*4", "5", "6"], 0);
    run(&mut s, &["999"], &mut rng_from_seed(0));
    assert!(legal(&s).contains(&action("*")));
    run(&mut s, &["*"], &mut rng_from_seed(0));
    assert_eq!((s.to_move(), s.pile().count), (Some(1), 0));
    assert_eq!(legal(&s), ranks("4"));
}

/// Rule 5: the pile closes when everyone else still holding cards has passed since the last
/// play; the last player leads.
#[test]
fn pile_closes_when_all_others_passed_and_the_last_player_leads() {
    let mut s = at(Config::default(), &["5Q", "6K", "7J", "8T"], 0);
    run(&mut s, &["5", "6", "pass", "pass"], &mut rng_from_seed(0));
    assert_eq!(s.to_move(), Some(0));
    run(&mut s, &["pass"], &mut rng_from_seed(0));
    assert_eq!((s.to_move(), s.pile().count), (Some(1), 0));
}

/// Rule 5: when the last player went out, the next player clockwise holding cards leads.
#[test]
fn pile_closes_and_the_next_holder_leads_when_the_last_player_went_out() {
    let mut s = at(Config::default(), &["45", "A", "67", "829"], 0);
    run(&mut s, &["4", "A", "pass", "pass", "pass"], &mut rng_from_seed(0));
    assert_eq!(s.finishing_order(), [1]);
    assert_eq!((s.to_move(), s.pile().count), (Some(2), 0));
}

/// Rule 6: when no unplayed card can beat the last play, the pile closes at once.
#[test]
fn pile_closes_at_once_when_no_unplayed_card_can_beat_the_last_play() {
    let mut s = at(Config::default(), &["23", "4", "5", "6"], 0);
    run(&mut s, &["2"], &mut rng_from_seed(0));
    assert_eq!((s.to_move(), s.pile().count), (Some(0), 0));
    // A Joker still in a hand keeps the pile open.
    let mut s = at(Config::default(), &["23", "4*", "5", "6"], 0);
    run(&mut s, &["2"], &mut rng_from_seed(0));
    assert_eq!((s.to_move(), s.pile().count), (Some(1), 1));
}

// ---------------------------------------------------------------- Revolution (rule 7)

/// Worked check: after four 5s, a single 4 beats a single 6 and a Joker still beats a 3.
#[test]
fn revolution_after_four_fives_a_four_beats_a_six_and_a_joker_beats_a_three() {
    let mut s = at(Config::default(), &["55556", "4*", "3K", "*7"], 0);
    run(&mut s, &["5555", "pass", "pass", "pass"], &mut rng_from_seed(0));
    assert!(s.revolution());
    run(&mut s, &["6"], &mut rng_from_seed(0));
    assert_eq!(legal(&s), ranks("pass 4 *"));
    run(&mut s, &["4"], &mut rng_from_seed(0));
    // A King is weaker than a 4 under Revolution; a 3 is the strongest standard card.
    assert_eq!(legal(&s), ranks("pass 3"));
    run(&mut s, &["3"], &mut rng_from_seed(0));
    assert_eq!(legal(&s), ranks("pass *"));
}

/// Rule 7: the reversal lasts across piles until the end of the hand.
#[test]
fn revolution_persists_across_piles() {
    let mut s = at(Config::default(), &["8888T9", "J3", "Q3", "K3"], 0);
    // Nothing unplayed beats four 8s: the pile closes at once (rule 6) and seat 0 leads again.
    run(&mut s, &["8888", "T"], &mut rng_from_seed(0));
    assert_eq!(legal(&s), ranks("pass 3"));
    run(&mut s, &["pass", "pass", "pass"], &mut rng_from_seed(0));
    // A third pile: still reversed.
    assert!(s.revolution());
    run(&mut s, &["9"], &mut rng_from_seed(0));
    assert_eq!(legal(&s), ranks("pass 3"));
}

/// Rule 7: another four of a kind restores the order; the option off keeps it; a new hand
/// starts in the normal order.
#[test]
fn second_four_of_a_kind_restores_the_order_and_the_option_can_be_off() {
    let mut s = at(Config::default(), &["5555K", "33334", "6", "7"], 0);
    run(&mut s, &["5555", "3333"], &mut rng_from_seed(0));
    assert!(!s.revolution());
    let off = Config { revolution: false, ..Config::default() };
    let mut s = at(off, &["5555K", "6", "7", "8"], 0);
    run(&mut s, &["5555"], &mut rng_from_seed(0));
    assert!(!s.revolution());
    let mut rng = rng_from_seed(3);
    let mut s = at(Config::default(), &["5555", "6", "7", "8"], 0);
    run(&mut s, &["5555", "6", "7"], &mut rng);
    assert_eq!((s.hand_number(), s.revolution()), (2, false));
}

// ---------------------------------------------------------------- Skip (rule 8)

/// Rule 8, `always`: matching the rank skips the next player still in the pile.
#[test]
fn skip_always_skips_the_next_player_after_a_match() {
    let skip = Config { skip: true, ..Config::default() };
    let mut s = at(skip, &["7Q", "7K", "7A", "29"], 0);
    run(&mut s, &["7"], &mut rng_from_seed(0));
    assert_eq!(legal(&s), ranks("pass 7 K"));
    run(&mut s, &["7"], &mut rng_from_seed(0));
    assert_eq!(s.to_move(), Some(3), "seat 2 is skipped although it holds a 7");
    // Without the option, an equal rank may not follow.
    let mut s = at(Config::default(), &["7Q", "7K", "7A", "29"], 0);
    run(&mut s, &["7"], &mut rng_from_seed(0));
    assert_eq!(legal(&s), ranks("pass K"));
}

/// Rule 8, `if_cannot_match`: the next player is skipped only if they cannot match the rank.
#[test]
fn skip_if_cannot_match_skips_only_a_player_without_the_rank() {
    let mode = Config { skip: true, skip_mode: SkipMode::IfCannotMatch, ..Config::default() };
    let mut s = at(mode, &["7Q", "7K", "7A", "29"], 0);
    run(&mut s, &["7", "7"], &mut rng_from_seed(0));
    assert_eq!(s.to_move(), Some(2), "seat 2 can match: not skipped");
    let mut s = at(mode, &["7Q", "7K", "5A", "29"], 0);
    run(&mut s, &["7", "7"], &mut rng_from_seed(0));
    assert_eq!(s.to_move(), Some(3), "seat 2 cannot match: skipped");
}

/// Rule 8: when all four cards of a rank have been played in a row, the pile closes and the
/// last player leads.
#[test]
fn skip_mode_is_read_only_with_skip_and_a_wrong_value_lists_the_valid_ones() {
    let config = |text: &str| {
        meeple::registry::config::<PresidentState>(&toml::from_str(text).unwrap()).map_err(|e| e.to_string())
    };
    assert_eq!(config("").unwrap(), Config::default());
    let mode = config("skip = true\nskip_mode = 'if_cannot_match'").unwrap();
    assert_eq!((mode.skip, mode.skip_mode), (true, SkipMode::IfCannotMatch));
    for alone in ["skip_mode = 'if_cannot_match'", "skip = false\nskip_mode = 'always'"] {
        let err = config(alone).unwrap_err();
        assert_eq!(
            err,
            "bad option for president: skip_mode only applies when skip = true (a match skips the next player); set \
             skip = true (on the command line: --option skip=true) or remove skip_mode"
        );
    }
    for bad in ["42", r#""sometimes""#, "true"] {
        let err = config(&format!("skip = true\nskip_mode = {bad}")).unwrap_err();
        let valid = r#"skip_mode must be "always" or "if_cannot_match" (default "always")"#;
        assert_eq!(err, format!("bad option for president: {valid}, not {bad}"));
    }
}

#[test]
fn four_of_a_rank_in_a_row_closes_the_pile() {
    let mode = Config { skip: true, skip_mode: SkipMode::IfCannotMatch, ..Config::default() };
    let mut s = at(mode, &["7Q", "7K", "7A", "79"], 0);
    run(&mut s, &["7", "7", "7", "7"], &mut rng_from_seed(0));
    assert_eq!((s.to_move(), s.pile().count), (Some(3), 0));
    let always = Config { skip: true, ..Config::default() };
    let mut s = at(always, &["77Q", "77K", "A2", "9*"], 0);
    run(&mut s, &["77", "77"], &mut rng_from_seed(0));
    assert_eq!((s.to_move(), s.pile().count), (Some(1), 0));
}

// ---------------------------------------------------------------- end of hand, roles, points

/// Rule 9: the hand ends when only one player still holds cards; that player is last.
#[test]
fn hand_ends_when_only_one_player_holds_cards() {
    let mut rng = rng_from_seed(4);
    let mut s = at(Config::default(), &["3", "4", "5", "6"], 0);
    run(&mut s, &["3", "4"], &mut rng);
    assert_eq!((s.hand_number(), s.finishing_order()), (1, &[0u8, 1][..]));
    run(&mut s, &["5"], &mut rng);
    assert_eq!((s.hand_number(), s.role(3)), (2, Role::Beggar));
}

/// Rule 10 at 4 players: President, Prime Minister, Peasant, Beggar, no Citizen.
#[test]
fn roles_at_4_players_have_no_citizen() {
    let s = finish(Config::default(), &[1, 2, 3, 0], &[50; 4], 1, &mut rng_from_seed(5));
    let roles: Vec<Role> = (0..4).map(|p| s.role(p)).collect();
    assert_eq!(roles, [Role::Beggar, Role::President, Role::PrimeMinister, Role::Peasant]);
}

/// Rule 10 at 8 players: four Citizens between the Prime Minister and the Peasant.
#[test]
fn roles_at_8_players_have_four_citizens() {
    let s = finish(Config::default(), &[3, 4, 5, 6, 7, 0, 1, 2], &[50; 8], 1, &mut rng_from_seed(6));
    let roles: Vec<Role> = (0..8).map(|p| s.role(p)).collect();
    let c = Role::Citizen;
    assert_eq!(roles, [c, Role::Peasant, Role::Beggar, Role::President, Role::PrimeMinister, c, c, c]);
}

/// Rule 11: the Beggar's 2 and the Peasant's 1 strongest cards go up (Jokers strongest), the
/// President and the Prime Minister give back cards of their choice from the hand they had
/// before receiving.
#[test]
fn exchange_gives_the_strongest_cards_up_and_chosen_cards_down() {
    let hands = parse_hands(&["3456789TJQKA2", "3456789TJQKA2", "3456789TJA2*", "3456789TJQK*"]);
    let roles = [Role::President, Role::PrimeMinister, Role::Peasant, Role::Beggar];
    let mut s = PresidentState::before_exchange(&Config::default(), &hands, &roles, 2);
    assert_eq!(s.to_move(), Some(0));
    // The President cannot give the Joker it is about to receive.
    assert!(!legal(&s).contains(&Action::Give(JOKER)));
    let mut rng = rng_from_seed(0);
    for a in [Action::Give(0), Action::Give(1)] {
        s.apply(a, &mut rng);
    }
    assert_eq!(s.to_move(), Some(1));
    s.apply(Action::Give(2), &mut rng);
    assert_eq!(s.hand(0), Cards::parse("56789TJQKA2K*"));
    assert_eq!(s.hand(3), Cards::parse("3456789TJQ34"));
    assert_eq!(s.hand(1), Cards::parse("346789TJQKA2*"));
    assert_eq!(s.hand(2), Cards::parse("3456789TJA25"));
    assert_eq!((s.phase(), s.to_move()), (Phase::Play, Some(3)));
}

/// Rule 12: the Beggar leads the first pile after the exchange; in hand 1 seat 0 leads.
#[test]
fn beggar_leads_after_the_exchange_and_seat_0_leads_hand_1() {
    let s = PresidentState::new_game(&Config::default(), 6, &mut rng_from_seed(7));
    assert_eq!((s.to_move(), s.phase()), (Some(0), Phase::Play));
    let mut rng = rng_from_seed(8);
    let mut s = finish(Config::default(), &[2, 3, 4, 5, 0, 1], &[50; 6], 1, &mut rng);
    while s.phase() == Phase::Exchange {
        let a = legal(&s)[0];
        s.apply(a, &mut rng);
    }
    assert_eq!((s.to_move(), s.role(1)), (Some(1), Role::Beggar));
}

/// Rule 13: President +5, Prime Minister 0, each Citizen −5, Peasant −10, Beggar −15.
#[test]
fn scoring_by_role_after_each_hand() {
    let s = finish(Config::default(), &[0, 1, 2, 3, 4, 5], &[50; 6], 1, &mut rng_from_seed(9));
    assert_eq!((0..6).map(|p| s.points(p)).collect::<Vec<_>>(), [55, 50, 45, 45, 40, 35]);
}

/// Rule 14: the game ends after a hand at whose end someone has 0 points or fewer.
#[test]
fn game_ends_after_a_hand_with_a_player_at_zero_or_less() {
    let mut rng = rng_from_seed(10);
    let s = finish(Config::default(), &[0, 1, 2, 3], &[50, 50, 50, 16], 4, &mut rng);
    assert_eq!((s.points(3), s.phase()), (1, Phase::Exchange));
    let s = finish(Config::default(), &[0, 1, 2, 3], &[50, 50, 50, 15], 4, &mut rng);
    assert_eq!((s.points(3), s.phase(), s.to_move()), (0, Phase::Over, None));
    let r = s.outcome().unwrap();
    assert_eq!(&r[..4], [1.0, 0.0, 0.0, 0.0]);
}

/// Rule 14: equal points are decided by the better role in the last hand.
#[test]
fn ties_are_broken_by_the_better_role_in_the_last_hand() {
    let mut rng = rng_from_seed(11);
    let s = finish(Config::default(), &[2, 3, 0, 1], &[50, 0, 45, 50], 5, &mut rng);
    // Seat 2 President (50) and seat 3 Prime Minister (50) tie; seat 2 finished first.
    assert_eq!((0..4).map(|p| s.points(p)).collect::<Vec<_>>(), [40, -15, 50, 50]);
    assert_eq!(&s.outcome().unwrap()[..4], [0.0, 0.0, 1.0, 0.0]);
}

/// Worked check: the fastest game at 50 points lasts 4 hands (50 − 3×15 = 5 > 0, 50 − 4×15 =
/// −10): a player who is Beggar every hand ends the game in hand 4, not before.
#[test]
fn fastest_game_at_50_points_lasts_four_hands() {
    let mut rng = rng_from_seed(12);
    let mut points = vec![50; 5];
    for hand in 1..=4u16 {
        let s = finish(Config::default(), &[0, 1, 2, 3, 4], &points, hand, &mut rng);
        points = (0..5).map(|p| s.points(p)).collect();
        assert_eq!(s.phase() == Phase::Over, hand == 4, "hand {hand}: {s}");
    }
    assert_eq!(points[4], -10);
    // And no random game ends before hand 4.
    for seed in 0..60 {
        let mut rng = rng_from_seed(seed);
        let mut s = PresidentState::new_game(&Config::default(), 4 + seed as usize % 5, &mut rng);
        let mut moves = Vec::new();
        while s.to_move().is_some() {
            s.legal_actions(&mut moves);
            s.apply(moves[rng.random_range(0..moves.len())], &mut rng);
        }
        assert!(s.hand_number() >= 4, "seed {seed}: {s}");
    }
}

/// Labels: `first_role` is the role held in hand 2; `hands` counts the hands played.
#[test]
fn first_role_label_is_the_role_held_in_hand_2() {
    let mut rng = rng_from_seed(13);
    let s = finish(Config::default(), &[1, 2, 3, 0], &[50; 4], 1, &mut rng);
    assert_eq!(
        (
            s.seat_labels(1).text("first_role").as_str(),
            s.seat_labels(0).text("first_role").as_str(),
            s.seat_labels(3).text("first_role").as_str()
        ),
        ("president", "beggar", "peasant")
    );
    let s = finish(Config::default(), &[0, 1, 2, 3], &[50, 50, 50, 10], 2, &mut rng);
    assert_eq!(s.seat_labels(3).text("first_role"), "none", "set only from hand 1");
    assert_eq!(
        (
            s.seat_labels(0).text("final_points").as_str(),
            s.seat_labels(3).text("final_points").as_str(),
            s.game_labels().text("hands").as_str()
        ),
        ("50-74", "<=0", "2")
    );
}

// ---------------------------------------------------------------- conformance and bots

/// The kit at every player count. 16 start points keep random games to two or three hands
/// (exchanges included; the kit's cost grows with the square of a game's length); the default
/// 50-point game at every count is checked with every registered game (`tests/it/conformance.rs`).
fn short() -> Config {
    Config { start_points: 16, ..Config::default() }
}

#[test]
fn conformance_4_players() {
    check::<PresidentState>(&short(), 4, 4);
}

#[test]
fn conformance_5_players() {
    check::<PresidentState>(&short(), 5, 5);
}

#[test]
fn conformance_6_players() {
    check::<PresidentState>(&short(), 6, 6);
}

#[test]
fn conformance_7_players() {
    check::<PresidentState>(&short(), 7, 7);
}

#[test]
fn conformance_8_players() {
    check::<PresidentState>(&short(), 8, 8);
}

#[test]
fn conformance_with_skip_in_both_modes_and_without_jokers() {
    let always = Config { skip: true, ..short() };
    check::<PresidentState>(&always, 4, 41);
    let if_cannot = Config { skip_mode: SkipMode::IfCannotMatch, jokers: false, revolution: false, ..always };
    check::<PresidentState>(&if_cannot, 7, 71);
}

/// Greedy in seat 0 wins more often than random in seat 0 over the same deals, with
/// non-overlapping 95% Wilson intervals.
#[test]
fn greedy_wins_more_than_random_from_the_same_seat_and_deals() {
    assert_beats_random("president", 5, "greedy", 400, 400);
}
