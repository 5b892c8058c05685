//! The BANG! [`Heuristic`]: a seat's prospects from its own role, the public roles (the Sheriff
//! and the dead), everyone's life points and the public history of who attacked whom. Nothing
//! hidden is read: the roles of living, unrevealed players enter only as probabilities.
//!
//! Value for seat `s`: `F / (F + E)`, where `F` is the life fraction (life / max life) of `s` and
//! its allies, `E` that of its opponents, each living unrevealed player counted as an ally with the
//! probability that its hidden role is on `s`'s side. The Renegade has no allies.
//!
//! That probability starts from the roles not yet revealed (the role list minus the revealed
//! roles and `s`'s own, uniform over the hidden seats) and is updated, seat by seat, by what the
//! seat did in public ([`BangState::attacked`]: BANG!, Duel, Panic!, Cat Balou or Jail played
//! at someone): a seat that attacked the Sheriff is probably not a Deputy, a seat that attacked a
//! revealed Outlaw is probably not an Outlaw. The likelihood weights ([`SUSPICION`]) are set by
//! hand, not fitted; each seat is updated independently (the joint role constraint is ignored).

use super::{BangState, Role, roles::roles_for};
use crate::agent::Heuristic;
use crate::game::Seat;

/// Hidden roles, in `Role` order (the Sheriff is never hidden).
const HIDDEN_ROLES: [Role; 3] = [Role::Deputy, Role::Outlaw, Role::Renegade];

/// Likelihood of each hidden role (Deputy, Outlaw, Renegade) having made a public attack:
/// `[on the Sheriff, on a revealed Outlaw]`. Hand-set: Deputies rarely shoot the Sheriff,
/// Outlaws rarely shoot their own, the Renegade shoots whoever suits him.
const SUSPICION: [[f64; 3]; 2] = [[0.25, 1.0, 0.5], [1.0, 0.25, 0.7]];

/// Whether a player of role `b` wins together with a player of role `a`.
fn allied(a: Role, b: Role) -> bool {
    matches!((a, b), (Role::Sheriff | Role::Deputy, Role::Sheriff | Role::Deputy) | (Role::Outlaw, Role::Outlaw))
}

impl BangState {
    /// The seats whose attackers [`SUSPICION`] weighs: `[the Sheriff, the revealed Outlaws]`
    /// (bit masks).
    fn suspicious_targets(&self) -> [u8; 2] {
        let revealed_outlaws = (0..self.n as usize)
            .filter(|&q| self.revealed & (1 << q) != 0 && self.roles[q] == Role::Outlaw)
            .fold(0u8, |m, q| m | 1 << q);
        [1u8 << self.sheriff(), revealed_outlaws]
    }

    /// The probability, for observer `seat`, that the unrevealed seat `p` is its ally, given the
    /// hidden role counts `pool` (Deputy, Outlaw, Renegade), `p`'s public attacks and the
    /// [`suspicious_targets`](Self::suspicious_targets) `targets`.
    fn ally_probability(&self, seat: usize, p: usize, pool: [u32; 3], targets: [u8; 2]) -> f64 {
        let mut weight = pool.map(f64::from);
        for (victims, likelihood) in targets.iter().zip(SUSPICION) {
            if self.attacked[p] & victims != 0 {
                for (w, l) in weight.iter_mut().zip(likelihood) {
                    *w *= l;
                }
            }
        }
        let total: f64 = weight.iter().sum();
        let allies: f64 =
            HIDDEN_ROLES.iter().zip(weight).filter(|(r, _)| allied(self.roles[seat], **r)).map(|(_, w)| w).sum();
        if total == 0.0 { 0.0 } else { allies / total }
    }
}

impl Heuristic for BangState {
    fn heuristic(&self, seat: Seat) -> f64 {
        let n = self.n as usize;
        // Roles still hidden from `seat`: the role list minus revealed roles and its own.
        let mut pool = [0u32; 3];
        let slot = |r: Role| HIDDEN_ROLES.iter().position(|&h| h == r);
        for r in roles_for(n) {
            if let Some(i) = slot(*r) {
                pool[i] += 1;
            }
        }
        for p in 0..n {
            if (p == seat || self.revealed & (1 << p) != 0)
                && let Some(i) = slot(self.roles[p])
            {
                pool[i] -= 1;
            }
        }
        let targets = self.suspicious_targets();
        let health = |p: usize| f64::from(self.life[p].max(0)) / f64::from(self.max_life[p].max(1));
        let (mut friends, mut enemies) = (0.0, 0.0);
        for p in (0..n).filter(|&p| self.is_alive(p as u8)) {
            let ally = if p == seat {
                1.0
            } else if self.revealed & (1 << p) != 0 {
                f64::from(u8::from(allied(self.roles[seat], self.roles[p])))
            } else {
                self.ally_probability(seat, p, pool, targets)
            };
            friends += ally * health(p);
            enemies += (1.0 - ally) * health(p);
        }
        if friends + enemies == 0.0 { 0.0 } else { friends / (friends + enemies) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, rng_from_seed};
    use crate::games::bang::cards;

    fn game(seed: u64) -> BangState {
        BangState::new(&Default::default(), 5, &mut rng_from_seed(seed))
    }

    #[test]
    fn values_lie_in_the_unit_interval_and_losing_life_lowers_them() {
        let mut s = game(3);
        for seat in 0..5 {
            let v = s.heuristic(seat);
            assert!((0.0..=1.0).contains(&v), "{v}");
            let before = v;
            s.life[seat] -= 1;
            assert!(s.heuristic(seat) < before, "seat {seat}");
            s.life[seat] += 1;
        }
    }

    #[test]
    fn hidden_roles_do_not_change_the_value() {
        let s = game(4);
        for seat in 0..5 {
            let mut world = s;
            world.determinize(seat, &mut rng_from_seed(9));
            assert_eq!(world.heuristic(seat), s.heuristic(seat), "seat {seat}");
        }
    }

    #[test]
    fn a_wounded_sheriff_is_bad_news_for_his_deputy_and_good_for_an_outlaw() {
        let mut s = game(5);
        let sheriff = s.sheriff() as usize;
        let deputy = (0..5).find(|&p| s.roles[p] == Role::Deputy).unwrap();
        let outlaw = (0..5).find(|&p| s.roles[p] == Role::Outlaw).unwrap();
        let (d, o) = (s.heuristic(deputy), s.heuristic(outlaw));
        s.life[sheriff] = 1;
        assert!(s.heuristic(deputy) < d);
        assert!(s.heuristic(outlaw) > o);
    }

    /// The first seat whose role is `role`.
    fn seat_with(s: &BangState, role: Role) -> usize {
        (0..s.n as usize).find(|&p| s.roles[p] == role).unwrap()
    }

    #[test]
    fn a_deputy_distrusts_a_player_who_shot_the_sheriff() {
        // Seven players: a Deputy sees 1 Deputy, 3 Outlaws and the Renegade hidden.
        let mut s = BangState::new(&Default::default(), 7, &mut rng_from_seed(5));
        let (sheriff, deputy) = (s.sheriff() as usize, seat_with(&s, Role::Deputy));
        let suspect = seat_with(&s, Role::Outlaw);
        let before = s.heuristic(deputy);
        assert!((s.ally_probability(deputy, suspect, [1, 3, 1], s.suspicious_targets()) - 0.2).abs() < 1e-12);
        s.attacked[suspect] |= 1 << sheriff;
        // Weights: Deputy 1 x 0.25, Outlaws 3 x 1, Renegade 1 x 0.5: ally 0.25 / 3.75.
        assert!((s.ally_probability(deputy, suspect, [1, 3, 1], s.suspicious_targets()) - 0.25 / 3.75).abs() < 1e-12);
        assert!(s.heuristic(deputy) < before, "the suspect's life now counts against the Deputy");
    }

    #[test]
    fn an_outlaw_trusts_a_player_who_shot_the_sheriff_and_not_one_who_shot_an_outlaw() {
        let mut s = game(5);
        let sheriff = s.sheriff() as usize;
        let outlaw = seat_with(&s, Role::Outlaw);
        let other = (0..5).find(|&p| p != outlaw && p != sheriff).unwrap();
        let prior = s.ally_probability(outlaw, other, [1, 1, 1], s.suspicious_targets());
        assert!((prior - 1.0 / 3.0).abs() < 1e-12);
        s.attacked[other] |= 1 << sheriff;
        assert!((s.ally_probability(outlaw, other, [1, 1, 1], s.suspicious_targets()) - 1.0 / 1.75).abs() < 1e-12);
        s.attacked[other] = 0;
        s.revealed |= 1 << outlaw;
        s.attacked[other] |= 1 << outlaw;
        assert!((s.ally_probability(outlaw, other, [1, 1, 1], s.suspicious_targets()) - 0.25 / 1.95).abs() < 1e-12);
    }

    #[test]
    fn playing_a_card_at_someone_is_recorded_in_the_public_history() {
        use crate::games::bang::builder::{act, bang, beer, play};
        let mut rng = rng_from_seed(1);
        let mut s = BangState::builder(5).hand(0, &[bang(5), beer(6)]).life(0, 3).in_phase_two();
        act(&mut s, play(beer(6), cards::NONE), &mut rng);
        assert_eq!(s.attacked(0), 0, "a Beer targets nobody");
        act(&mut s, play(bang(5), 1), &mut rng);
        assert_eq!(s.attacked(0), 0b10, "the Sheriff shot seat 1");
        assert_eq!(s.attacked(1), 0);
    }
}
