//! The BANG! [`Heuristic`]: a seat's prospects from its own role, the public roles (the Sheriff
//! and the dead) and everyone's life points. Nothing hidden is read: the roles of living,
//! unrevealed players enter only as probabilities computed from the role list.
//!
//! Value for seat `s`: `F / (F + E)`, where `F` is the life fraction (life / max life) of `s` and
//! its allies, `E` that of its opponents, each living unrevealed player counted as an ally with the
//! probability that its hidden role is on `s`'s side (uniform over the roles not yet revealed).
//! The Renegade has no allies. The public history of who attacked whom is not used yet.

use super::{BangState, Role, roles::roles_for};
use crate::bots::Heuristic;
use crate::game::Seat;

/// Whether a player of role `b` wins together with a player of role `a`.
fn allied(a: Role, b: Role) -> bool {
    matches!((a, b), (Role::Sheriff | Role::Deputy, Role::Sheriff | Role::Deputy) | (Role::Outlaw, Role::Outlaw))
}

impl Heuristic for BangState {
    fn heuristic(&self, seat: Seat) -> f64 {
        let n = self.n as usize;
        let own = self.roles[seat];
        // Roles still hidden from `seat`: the role list minus revealed roles and its own.
        let (mut hidden, mut hidden_allies) = (0u32, 0u32);
        let mut pool: [u32; 4] = [0; 4];
        for r in roles_for(n) {
            pool[*r as usize] += 1;
        }
        for p in 0..n {
            if p == seat || self.revealed & (1 << p) != 0 {
                pool[self.roles[p] as usize] -= 1;
            }
        }
        for (i, &count) in pool.iter().enumerate() {
            hidden += count;
            if allied(own, [Role::Sheriff, Role::Deputy, Role::Outlaw, Role::Renegade][i]) {
                hidden_allies += count;
            }
        }
        let p_hidden_ally = if hidden == 0 { 0.0 } else { f64::from(hidden_allies) / f64::from(hidden) };
        let health = |p: usize| f64::from(self.life[p].max(0)) / f64::from(self.max_life[p].max(1));
        let (mut friends, mut enemies) = (0.0, 0.0);
        for p in (0..n).filter(|&p| self.is_alive(p as u8)) {
            let ally = if p == seat {
                1.0
            } else if self.revealed & (1 << p) != 0 {
                f64::from(u8::from(allied(own, self.roles[p])))
            } else {
                p_hidden_ally
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
}
