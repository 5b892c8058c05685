//! Rewards from a set of winning seats: the games whose outcome is "the best seats share the
//! win" (Mow, Ekonos, 7 Wonders Architects, a Laser Reflection race) compute a winner bitmask and turn it into rewards
//! here.

use crate::game::{MAX_SEATS, Rewards};

/// The rewards of a game won by the seats whose bits are set in `winners` (bit `p` for seat `p`):
/// each winner gets `1 / k` for `k` winners, every other seat 0, so the rewards add up to 1.
/// An empty mask gives every seat 0.
pub fn shared_win(winners: u8) -> Rewards {
    let share = 1.0 / f64::from(winners.count_ones());
    let mut r = [0.0; MAX_SEATS];
    for (p, reward) in r.iter_mut().enumerate() {
        if winners & (1 << p) != 0 {
            *reward = share;
        }
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_win_splits_one_among_the_winners() {
        assert_eq!(shared_win(0b100), [0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
        assert_eq!(shared_win(0b1001), [0.5, 0.0, 0.0, 0.5, 0.0, 0.0, 0.0, 0.0]);
        let third = 1.0 / 3.0;
        assert_eq!(shared_win(0b1000_0011), [third, third, 0.0, 0.0, 0.0, 0.0, 0.0, third]);
        assert_eq!(shared_win(0), [0.0; MAX_SEATS]);
    }
}
