//! Spec §D.6: winning conditions. One test per scenario row.

use meeple::game::{Game, GameRng, rng_from_seed};
use meeple::games::bang::builder::{act, card, dynamite, play};
use meeple::games::bang::cards::{Kind, Suit};
use meeple::games::bang::{BangState, Role, Side};
use meeple::labels::Labels;

fn rng() -> GameRng {
    rng_from_seed(23)
}

fn bang() -> u8 {
    card(Kind::Bang, 5, Suit::Diamonds)
}

fn winchester() -> u8 {
    card(Kind::Winchester, 8, Suit::Spades)
}

fn four_spades() -> u8 {
    card(Kind::Missed, 4, Suit::Spades)
}

const S: Role = Role::Sheriff;
const D: Role = Role::Deputy;
const O: Role = Role::Outlaw;
const R: Role = Role::Renegade;

/// Seat `killer` shoots `victim` (at 1 life, no answer) with a BANG! and a Winchester.
fn shoot(roles: &[Role], dead: &[usize], killer: usize, victim: usize) -> BangState {
    let mut b = BangState::builder(roles.len()).roles(roles);
    for &d in dead {
        b = b.dead(d);
    }
    let mut s =
        b.hand(killer, &[bang()]).in_play(killer, &[winchester()]).life(victim, 1).active(killer).in_phase_two();
    act(&mut s, play(bang(), victim as u8), &mut rng());
    s
}

fn rewards(s: &BangState) -> Vec<f64> {
    s.outcome().expect("game over")[..s.num_players()].to_vec()
}

#[test]
fn d6_w2_renegade_kills_the_sheriff_last() {
    let s = shoot(&[S, O, O, R], &[1, 2], 3, 0);
    assert_eq!(s.winner(), Some(Side::Renegade));
    assert_eq!(rewards(&s), vec![0.0, 0.0, 0.0, 1.0]);
}

#[test]
fn d6_w5_outlaw_dies_renegade_alive_game_goes_on() {
    let s = shoot(&[S, D, O, R], &[], 0, 2);
    assert!(!s.is_alive(2));
    assert_eq!(s.winner(), None);
    assert!(s.outcome().is_none());
}

#[test]
fn d6_w6_sheriff_kills_the_renegade_dead_deputy_wins_too() {
    let s = shoot(&[S, D, R], &[1], 0, 2);
    assert_eq!(s.winner(), Some(Side::Sheriff));
    assert_eq!(rewards(&s), vec![1.0, 1.0, 0.0]);
    assert_eq!(s.game_labels().text("winner"), "sheriff");
}

#[test]
fn d6_w8_last_outlaw_dies_to_dynamite() {
    let s = BangState::builder(5)
        .roles(&[S, D, O, R, O])
        .dead(2)
        .dead(3)
        .dead(1)
        .life(4, 2)
        .in_play(4, &[dynamite()])
        .deck_top(&[four_spades()])
        .active(4)
        .at_turn_start(&mut rng());
    assert_eq!(s.winner(), Some(Side::Sheriff));
    assert_eq!(rewards(&s), vec![1.0, 1.0, 0.0, 0.0, 0.0]);
}

#[test]
fn d6_w9_sheriff_dies_to_dynamite_alone_with_the_renegade() {
    let s = BangState::builder(4)
        .roles(&[S, O, O, R])
        .dead(1)
        .dead(2)
        .life(0, 3)
        .in_play(0, &[dynamite()])
        .deck_top(&[four_spades()])
        .active(0)
        .at_turn_start(&mut rng());
    assert_eq!(s.winner(), Some(Side::Renegade));
    assert_eq!(s.game_labels().text("winner"), "renegade");
}

#[test]
fn d6_w10_winners_table_counts_the_dead() {
    // Outlaws win: every Outlaw, dead or alive.
    let s = shoot(&[S, D, O, R, D, O, O], &[2, 5], 6, 0);
    assert_eq!(s.winner(), Some(Side::Outlaws));
    assert_eq!(rewards(&s), vec![0.0, 0.0, 1.0, 0.0, 0.0, 1.0, 1.0]);
    // Sheriff wins: Sheriff and every Deputy, dead or alive.
    let s = shoot(&[S, D, O, R, D, O, O], &[1, 2, 3, 5], 0, 6);
    assert_eq!(s.winner(), Some(Side::Sheriff));
    assert_eq!(rewards(&s), vec![1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 0.0]);
    // C7.1: Sheriff dead with only Deputies left: the Outlaws win.
    let s = shoot(&[S, D, O, R, D, O, O], &[2, 3, 5, 6], 1, 0);
    assert_eq!(s.winner(), Some(Side::Outlaws));
}
