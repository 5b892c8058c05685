//! Spec "Information and chance" (rules 17–19), "Information" (determinize) and W18; the
//! hidden-commitment check; bots cannot peek.

use super::common::{at_marking, blank, cell, legal, mark, play, sheet};
use meeple::bots::peek_check::{check_cannot_peek, every_kind};
use meeple::game::{Game, rng_from_seed};
use meeple::games::catcafe::sheet::{HOUSE, MOUSE, YARN};
use meeple::games::catcafe::{Action, CatCafe, Commit, Config, Phase};
use rand::RngExt;

/// Random positions of `players`-seat games (seeded), each visited once.
fn positions(players: usize, games: u64, mut visit: impl FnMut(&CatCafe)) {
    for g in 0..games {
        let mut rng = rng_from_seed(1000 + g);
        let mut s = CatCafe::new(&Config::default(), players, &mut rng);
        let mut buf = Vec::new();
        while s.to_move().is_some() {
            visit(&s);
            s.legal_actions(&mut buf);
            let a = buf[rng.random_range(0..buf.len())];
            s.apply(a, &mut rng);
        }
    }
}

/// Every complete commitment the decider of `s` can make: the states after `Pass`, after each
/// non-house mark, and after each house mark followed by each of its cats.
fn after_each_commitment(s: &CatCafe) -> Vec<CatCafe> {
    let mut rng = rng_from_seed(0);
    let mut out = Vec::new();
    for a in legal(s) {
        let mut t = *s;
        t.apply(a, &mut rng);
        if t.phase() == Phase::Cat {
            for cat in legal(&t) {
                let mut u = t;
                u.apply(cat, &mut rng);
                out.push(u);
            }
        } else {
            out.push(t);
        }
    }
    out
}

#[test]
fn hidden_commitment_other_seats_see_and_determinize_the_same_whatever_a_seat_commits() {
    let mut checked = 0;
    for players in 2..=4 {
        positions(players, 6, |s| {
            let Some(a) = s.to_move() else { return };
            let last = (s.first_player() as usize + players - 1) % players;
            if s.phase() != Phase::Mark || a == last {
                return;
            }
            assert!(s.simultaneous());
            let after = after_each_commitment(s);
            if after.len() == 1 {
                return; // only Pass: nothing to compare
            }
            for t in &after {
                assert_eq!(t.to_move(), Some((a + 1) % players), "the next seat commits");
                for b in (0..players).filter(|&b| b != a) {
                    assert_eq!(t.observation(b), after[0].observation(b), "seat {b} sees seat {a}'s choice\n{t}");
                    for seed in 0..3 {
                        let (mut x, mut y) = (*t, after[0]);
                        x.determinize(b, &mut rng_from_seed(seed));
                        y.determinize(b, &mut rng_from_seed(seed));
                        assert_eq!(x, y, "seat {b}'s determinization depends on seat {a}'s choice");
                    }
                }
            }
            // The committing seat itself knows what it chose (the check can fail).
            assert_ne!(after[0].observation(a), after[after.len() - 1].observation(a));
            checked += 1;
        });
    }
    assert!(checked > 50, "{checked} positions");
}

#[test]
fn r17_revealed_sheets_dice_and_picks_are_public() {
    let base = at_marking(blank(3), &[2, 4, 6], 1);
    let other = base.with_sheet(0, sheet(&[("C1F1", YARN)], 5));
    for b in 1..3 {
        assert_ne!(base.observation(b), other.observation(b), "seat {b} sees seat 0's sheet");
        let view = base.observation(b).view;
        assert_eq!((view.own_die(0), view.own_die(2), view.shared_die(), view.dice()), (2, 6, 1, &[2, 4, 6, 1][..]));
    }
}

#[test]
fn r18_only_the_content_of_other_seats_commitments_is_hidden() {
    let s = at_marking(blank(3), &[6, 1, 1], 6);
    let x = play(s, &[mark("C2F6", MOUSE)]);
    let y = play(s, &[Action::Pass]);
    assert_eq!(x.observation(1), y.observation(1));
    assert_eq!(x.observation(2), y.observation(2));
    assert_ne!(x.observation(0), y.observation(0), "seat 0 knows its own commitment");
    assert_eq!(x.observation(1).view.commit(0), Commit::None);
    assert_eq!(x.observation(0).view.commit(0), Commit::Mark { cell: cell("C2F6"), item: MOUSE, cat: 0 });
}

#[test]
fn r19_the_roll_at_the_start_of_a_round_is_the_only_chance_event() {
    let s = blank(2).with_dice(&[3, 4, 5]);
    let steps = [Action::PickDie(3), Action::PickDie(4), Action::Pass];
    let mut a = s;
    let mut b = s;
    for act in steps {
        a.apply(act, &mut rng_from_seed(1));
        b.apply(act, &mut rng_from_seed(2));
        assert_eq!(a, b, "{act} drew chance");
    }
    a.apply(Action::Pass, &mut rng_from_seed(1));
    b.apply(Action::Pass, &mut rng_from_seed(2));
    assert_ne!(a.dice(), b.dice(), "the next round's roll comes from the caller's RNG");
    assert_eq!((a.sheet(0), a.sheet(1), a.round()), (b.sheet(0), b.sheet(1), b.round()));
}

#[test]
fn w18_hidden_commitment() {
    let s = blank(2).at_round(4).with_dice(&[1, 3, 6]);
    assert_eq!(s.to_move(), Some(1));
    let s = play(s, &[Action::PickDie(1), Action::PickDie(3)]);
    assert_eq!((s.own_die(1), s.own_die(0), s.shared_die()), (1, 3, 6));
    let s = play(s, &[mark("C1F1", MOUSE)]);
    assert_eq!(s.to_move(), Some(0));
    let view = s.observation(0).view;
    assert_eq!(view.sheet(1).marked(), 0, "seat 1's C1F1 looks empty");
    assert_eq!((view.sheet(1).avail, view.sheet(1).used), (1, 0));
    assert_eq!(view.commit(1), Commit::None);
    let mut varied = std::collections::HashSet::new();
    for seed in 0..40 {
        let mut d = s;
        d.determinize(0, &mut rng_from_seed(seed));
        assert_eq!((d.to_move(), d.sheet(0), d.sheet(1), d.dice()), (s.to_move(), s.sheet(0), s.sheet(1), s.dice()));
        d.check_invariants().unwrap();
        varied.insert(d.commit(1));
    }
    // Seat 1 (own 1, shared 6, 1 paw): Pass or one of its legal marks, several of them drawn.
    assert!(varied.len() > 5, "{varied:?}");
    let s = play(s, &[Action::Pass]);
    assert_eq!(s.sheet(1).items[MOUSE as usize - 1], 1 << cell("C1F1"));
    assert_eq!((s.round(), s.first_player(), s.phase(), s.to_move()), (5, 0, Phase::Draft, Some(0)));
}

#[test]
fn determinize_keeps_public_data_and_own_commitment_and_draws_legal_varied_commitments() {
    let mut checked = 0;
    positions(4, 2, |s| {
        for o in 0..4 {
            let mut seen = std::collections::HashSet::new();
            for seed in 0..32 {
                let mut d = *s;
                d.determinize(o, &mut rng_from_seed(seed));
                assert_eq!(d.observation(o), s.observation(o));
                assert_eq!(d.to_move(), s.to_move());
                assert_eq!(d.commit(o), s.commit(o));
                d.check_invariants().unwrap_or_else(|e| panic!("{e}\n{d}"));
                seen.insert(d);
            }
            let choices = |p: usize| s.sheet(p).count_marks(s.own_die(p), s.shared_die());
            let hidden = (0..4).any(|p| p != o && s.commit(p) != Commit::None);
            // A complete commitment of another seat with a mark available can be drawn two ways.
            let complete = |p: usize| p != o && s.to_move() != Some(p) && s.commit(p) != Commit::None;
            if (0..4).any(|p| complete(p) && choices(p) > 0) {
                assert!(seen.len() > 1, "commitments vary across seeds:\n{s}");
                checked += 1;
            } else if !hidden {
                assert_eq!(seen.into_iter().collect::<Vec<_>>(), [*s], "nothing hidden: nothing changes");
            }
        }
    });
    assert!(checked > 100);
}

#[test]
fn determinize_gives_a_seat_in_its_cat_step_a_legal_house_mark() {
    let s = play(at_marking(blank(3), &[2, 1, 1], 1), &[mark("C1F2", HOUSE)]);
    assert_eq!((s.phase(), s.to_move()), (Phase::Cat, Some(0)));
    let mut cells = std::collections::HashSet::new();
    for seed in 0..300 {
        let mut d = s;
        d.determinize(1, &mut rng_from_seed(seed));
        let Commit::Mark { item: HOUSE, cat: 0, cell } = d.commit(0) else { panic!("{}", d.commit(0)) };
        d.check_invariants().unwrap();
        cells.insert(cell);
    }
    // Own 2, shared 1, 1 paw: houses on floor 2 (cost 0), floor 1 or 3 (cost 1): 13 cells.
    assert_eq!(cells.len(), 13);
}

#[test]
fn no_bot_can_peek_at_other_seats_commitments() {
    let specs = every_kind();
    let mut checked = 0;
    for players in [2, 4] {
        positions(players, 3, |s| {
            let hidden = (0..players).any(|p| Some(p) != s.to_move() && s.commit(p) != Commit::None);
            if hidden && checked < 12 && legal(s).len() > 1 {
                check_cannot_peek(s, &specs, 100 + checked, 200 + checked).unwrap();
                checked += 1;
            }
        });
    }
    assert_eq!(checked, 12);
}
