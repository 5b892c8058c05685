//! Spec "Rules" R9–R12 (share market and presidency), R14 (scoring) and "End, scoring, ties";
//! worked checks W7, W8, W9, W14.

use super::{legal, play, table};
use meeple::game::Game;
use meeple::games::ekonos::{Action, Company, EkonosState, Step};

use Action::{Appoint, Buy, NoBuy, NoSell, Sell};
use Company::{D, G, L, P, R, Y};
use meeple::labels::Labels;

/// `s` with every seat holding one card, so that a turn's end does not end the round.
fn with_cards(s: EkonosState) -> EkonosState {
    (0..s.players()).fold(s, |s, p| s.with_hand(p, &[p as u8 + 20]))
}

#[test]
fn r9_buy_at_count_plus_1_and_sell_for_count() {
    let s = with_cards(table(3)).with_shares(0, D, 2).with_shares(1, D, 1).with_president(D, Some(0));
    let bought = play(s.with_turn(2, Step::Buy), &[Buy { company: D }]);
    assert_eq!((bought.coins(2), bought.column(D)), (12 - 4, 4));
    let sold = play(s.with_turn(1, Step::Sell), &[Sell { company: D }]);
    assert_eq!((sold.coins(1), sold.column(D)), (12 + 3, 2));
}

#[test]
fn r10_selling_needs_a_share_and_is_optional() {
    let s = with_cards(table(3))
        .with_shares(1, Y, 1)
        .with_shares(1, G, 2)
        .with_president(Y, Some(1))
        .with_president(G, Some(1));
    let s = s.with_turn(1, Step::Sell);
    assert_eq!(legal(&s), vec![Sell { company: G }, Sell { company: Y }, NoSell]);
    let after = play(s, &[Sell { company: Y }]);
    assert_eq!((after.shares(1, Y), after.president(Y), after.step()), (0, None, Step::Buy));
}

#[test]
fn r11_buying_needs_room_coins_and_a_free_marker() {
    // G's column is full, R costs 3 > 2 coins, D costs 1; P would cost 1 but for the markers.
    let s = with_cards(table(3))
        .with_shares(1, G, 8)
        .with_president(G, Some(1))
        .with_shares(1, R, 2)
        .with_president(R, Some(1))
        .with_coins(0, 2)
        .with_turn(0, Step::Buy);
    assert_eq!(legal(&s), vec![Buy { company: D }, Buy { company: L }, Buy { company: Y }, Buy { company: P }, NoBuy]);
    // 18 markers on the columns: no buy at all, so the step is skipped (Decision 13).
    let full = with_cards(table(3))
        .with_shares(0, R, 8)
        .with_shares(0, D, 8)
        .with_shares(0, L, 2)
        .with_president(R, Some(0))
        .with_president(D, Some(0))
        .with_president(L, Some(0))
        .with_turn(0, Step::Buy);
    assert_eq!(legal(&full), vec![NoBuy]);
    let full = full.with_turn(0, Step::Sell);
    let after = play(full, &[NoSell]);
    assert_eq!((after.step(), after.active()), (Step::Play, 1), "buy step skipped");
    // Decision 10: selling and buying back the same company in one turn is coin-neutral.
    let s = with_cards(table(3)).with_shares(0, L, 2).with_president(L, Some(0)).with_turn(0, Step::Sell);
    let after = play(s, &[Sell { company: L }, Buy { company: L }]);
    assert_eq!((after.coins(0), after.shares(0, L)), (12, 2));
}

#[test]
fn r12_presidency_on_buys_and_sales() {
    // R12a: the first buyer of a company becomes its president.
    let s = with_cards(table(3)).with_turn(1, Step::Buy);
    let s = play(s, &[Buy { company: P }]);
    assert_eq!(s.president(P), Some(1));
    // R12c: a sale by a player who is not president changes nothing, even into a tie.
    let s = with_cards(table(3))
        .with_shares(0, R, 2)
        .with_shares(1, R, 2)
        .with_president(R, Some(0))
        .with_turn(1, Step::Sell);
    let s = play(s, &[Sell { company: R }]);
    assert_eq!((s.president(R), s.step()), (Some(0), Step::Buy));
    // R12b: a president who still holds the most stays; one who falls behind a single player
    // hands over without a choice.
    let s = with_cards(table(3))
        .with_shares(0, R, 4)
        .with_shares(1, R, 2)
        .with_president(R, Some(0))
        .with_turn(0, Step::Sell);
    let s = play(s, &[Sell { company: R }]);
    assert_eq!((s.president(R), s.step()), (Some(0), Step::Buy));
    let s = with_cards(table(3))
        .with_shares(0, R, 2)
        .with_shares(1, R, 2)
        .with_president(R, Some(0))
        .with_turn(0, Step::Sell);
    let s = play(s, &[Sell { company: R }]);
    assert_eq!((s.president(R), s.step()), (Some(1), Step::Buy));
}

#[test]
fn w7_buying_and_presidency_on_a_buy() {
    let s = with_cards(table(3))
        .with_shares(0, G, 2)
        .with_shares(1, G, 1)
        .with_president(G, Some(0))
        .with_coins(1, 20)
        .with_coins(2, 10);
    let s = play(s.with_turn(2, Step::Buy), &[Buy { company: G }]);
    assert_eq!((s.coins(2), s.shares(2, G), s.president(G)), (6, 1, Some(0)));
    let s = play(s.with_turn(1, Step::Buy), &[Buy { company: G }]);
    assert_eq!((s.coins(1), s.shares(1, G), s.president(G)), (15, 2, Some(0)));
    let s = play(s.with_turn(1, Step::Buy), &[Buy { company: G }]);
    assert_eq!((s.coins(1), s.shares(1, G), s.president(G)), (9, 3, Some(1)));
    assert_eq!(s.column(G), 6);
    let next = play(s.with_coins(2, 10).with_turn(2, Step::Buy), &[Buy { company: G }]);
    assert_eq!(next.coins(2), 3, "next price 7");
}

#[test]
fn w8_a_president_sells_into_a_three_way_tie() {
    let s = with_cards(table(3))
        .with_shares(0, Y, 3)
        .with_shares(1, Y, 2)
        .with_shares(2, Y, 2)
        .with_president(Y, Some(0))
        .with_coins(0, 4)
        .with_turn(0, Step::Sell);
    let s = play(s, &[Sell { company: Y }]);
    assert_eq!(s.coins(0), 11);
    assert_eq!((s.shares(0, Y), s.shares(1, Y), s.shares(2, Y)), (2, 2, 2));
    assert_eq!((s.to_move(), s.step()), (Some(0), Step::Appoint));
    assert_eq!(legal(&s), vec![Appoint { seat: 0 }, Appoint { seat: 1 }, Appoint { seat: 2 }]);
    assert_eq!(s.column(Y), 6);
    let s = play(s, &[Appoint { seat: 2 }]);
    assert_eq!((s.president(Y), s.step(), s.to_move()), (Some(2), Step::Buy, Some(0)));
    let s = play(s, &[Buy { company: Y }]);
    assert_eq!(s.coins(0), 11 - 7, "the next buy of Y costs 7");
}

/// The president choice shows its company and the tied seats by number, so that a replay reads
/// without decoding a bit mask.
#[test]
fn the_president_choice_displays_the_tied_seats() {
    let s = with_cards(table(3))
        .with_shares(0, Y, 2)
        .with_shares(1, Y, 1)
        .with_shares(2, Y, 1)
        .with_president(Y, Some(0))
        .with_turn(0, Step::Sell);
    let s = play(s, &[Sell { company: Y }]);
    let header = s.to_string().lines().next().unwrap().to_string();
    assert!(header.ends_with("appoint by 0 Y among seats 0,1,2"), "{header}");
    let s = with_cards(table(3))
        .with_shares(0, Y, 2)
        .with_shares(2, Y, 1)
        .with_president(Y, Some(0))
        .with_turn(0, Step::Sell);
    let s = play(s, &[Sell { company: Y }]);
    let header = s.to_string().lines().next().unwrap().to_string();
    assert!(header.ends_with("appoint by 0 Y among seats 0,2"), "{header}");
}

#[test]
fn w9_selling_to_afford_a_buy() {
    let s = with_cards(table(3))
        .with_shares(0, P, 4)
        .with_shares(2, P, 1)
        .with_president(P, Some(0))
        .with_shares(1, R, 7)
        .with_president(R, Some(1))
        .with_coins(2, 3)
        .with_turn(2, Step::Sell);
    let s = play(s, &[Sell { company: P }]);
    assert_eq!((s.coins(2), s.president(P)), (8, Some(0)));
    let s = play(s, &[Buy { company: R }]);
    assert_eq!((s.coins(2), s.column(R), s.president(R)), (0, 8, Some(1)));
    for p in 0..3 {
        assert!(!legal(&s.with_coins(p, 50).with_turn(p, Step::Buy)).contains(&Buy { company: R }), "seat {p}");
    }
}

#[test]
fn r14_and_w14_final_scoring() {
    // Tiles: R 8, D 5, L 0, G 7, Y 6, P 10 (36 regions).
    let regions: Vec<u8> = (1..=36).collect();
    let s = table(3)
        .with_tiles(R, &regions[0..8])
        .with_tiles(D, &regions[8..13])
        .with_tiles(G, &regions[13..20])
        .with_tiles(Y, &regions[20..26])
        .with_tiles(P, &regions[26..36])
        .with_shares(0, R, 3)
        .with_shares(0, L, 4)
        .with_shares(0, G, 1)
        .with_coins(0, 17)
        .with_shares(1, D, 2)
        .with_shares(1, Y, 3)
        .with_shares(1, P, 2)
        .with_coins(1, 5)
        .with_shares(2, R, 2)
        .with_shares(2, G, 2)
        .with_shares(2, P, 3)
        .with_coins(2, 9)
        .with_president(R, Some(0))
        .with_president(L, Some(0))
        .with_president(D, Some(1))
        .with_president(Y, Some(1))
        .with_president(G, Some(2))
        .with_president(P, Some(2))
        .with_turn(0, Step::Over);
    assert_eq!((0..3).map(|p| s.score(p)).collect::<Vec<_>>(), vec![48, 53, 69]);
    assert_eq!(&s.outcome().unwrap()[..3], &[0.0, 0.0, 1.0]);
    assert_eq!((s.to_move(), s.turn_owner()), (None, None));
    let label = |name: &str| (0..3).map(|p| s.seat_labels(p).text(name)).collect::<Vec<_>>();
    assert_eq!(label("presidencies"), vec!["2", "2", "2"]);
    assert_eq!(label("money_band"), vec!["25-49", "50-74", "50-74"]);
    assert_eq!((s.game_labels().text("winners").as_str(), s.game_labels().text("top_company").as_str()), ("1", "P"));
    // Share prices play no part: 8 shares of a company without a tile are worth 0.
    let empty = table(2).with_shares(0, L, 8).with_president(L, Some(0)).with_coins(0, 3).with_turn(0, Step::Over);
    assert_eq!(empty.score(0), 3);
}

#[test]
fn ties_share_the_win_and_labels_band_the_game() {
    let s = table(3).with_coins(0, 30).with_coins(1, 30).with_coins(2, 200).with_turn(0, Step::Over);
    assert_eq!(&s.outcome().unwrap()[..3], &[0.0, 0.0, 1.0]);
    assert_eq!(s.seat_labels(2).text("money_band"), "200+");
    let s = s.with_coins(2, 30);
    assert_eq!(&s.outcome().unwrap()[..3], &[1.0 / 3.0; 3]);
    assert_eq!(
        (
            s.game_labels().text("winners").as_str(),
            s.game_labels().text("top_company").as_str(),
            s.game_labels().text("expansions").as_str(),
            s.game_labels().text("replacements").as_str()
        ),
        ("3", "tie", "0", "0")
    );
    let s = s.with_tiles(G, &[1, 2]).with_tiles(R, &[3]);
    assert_eq!(s.game_labels().text("top_company"), "G");
}
