//! Elo differences from wins, draws and losses, as chess engine testers report them
//! (cutechess-cli's `Elo` class; fastchess's trinomial model gives the same numbers):
//! `Elo: 58.5 +/- 82.8, LOS: 92.1 %, DrawRatio: 16.7 %`.
//!
//! - Elo difference of a score `s` (logistic model): `−400·log10(1/s − 1)`.
//! - 95% interval: the score's standard error from the per-game variance of the results
//!   (1, ½, 0), `se = sqrt((w(1−s)² + d(½−s)² + l·s²)/n) / sqrt(n)`, mapped through the Elo
//!   transform at `s ± 1.96·se`; the `±` printed is half the width of that interval.
//! - Likelihood of superiority (LOS): `½(1 + erf((w − l)/sqrt(2(w + l))))`, the probability that
//!   the first side is the stronger, from wins and losses only (draws carry no information).

use serde::{Deserialize, Serialize};

use super::Z_95;

/// Wins, draws and losses of one side against another (integers, so they merge exactly).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wdl {
    /// Games the side won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games the side lost.
    pub losses: u64,
}

impl Wdl {
    /// Total games.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Score in `[0, 1]`: `(wins + draws/2) / games`; `None` without games.
    pub fn score(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| (self.wins as f64 + 0.5 * self.draws as f64) / n as f64)
    }

    /// The same results from the other side.
    pub fn flipped(self) -> Wdl {
        Wdl { wins: self.losses, draws: self.draws, losses: self.wins }
    }

    /// Adds every count of `other`.
    pub fn merge(&mut self, other: &Wdl) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
    }
}

/// The Elo difference that gives expected score `score` (in `(0, 1)`; ±∞ at 0 and 1).
pub fn elo_from_score(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// Likelihood of superiority from `wins` and `losses`: `½(1 + erf((w − l)/sqrt(2(w + l))))`;
/// ½ when there are neither.
pub fn los(wins: u64, losses: u64) -> f64 {
    if wins + losses == 0 {
        return 0.5;
    }
    let (w, l) = (wins as f64, losses as f64);
    0.5 * (1.0 + libm::erf((w - l) / (2.0 * (w + l)).sqrt()))
}

/// Likelihood of superiority of a normally distributed estimate `x` with standard error `se`:
/// `Φ(x / se)`.
pub fn los_normal(x: f64, se: f64) -> f64 {
    0.5 * libm::erfc(-x / se / std::f64::consts::SQRT_2)
}

/// An Elo estimate of one side against another, all in Elo points except the ratios.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EloEstimate {
    /// The Elo difference (first side minus second); infinite for a score of 0 or 1.
    pub elo: f64,
    /// Lower bound of the 95% interval.
    pub low: f64,
    /// Upper bound of the 95% interval.
    pub high: f64,
    /// Likelihood of superiority, in `[0, 1]`.
    pub los: f64,
    /// Share of draws, in `[0, 1]`.
    pub draw_ratio: f64,
}

impl EloEstimate {
    /// Half the width of the interval (the `±` that testers print).
    pub fn margin(&self) -> f64 {
        (self.high - self.low) / 2.0
    }
}

/// The Elo estimate of `wdl` (from the first side's view); `None` without games.
pub fn estimate(wdl: Wdl) -> Option<EloEstimate> {
    let score = wdl.score()?;
    let n = wdl.games() as f64;
    let (w, d, l) = (wdl.wins as f64, wdl.draws as f64, wdl.losses as f64);
    let variance = (w * (1.0 - score).powi(2) + d * (0.5 - score).powi(2) + l * score.powi(2)) / n;
    let se = (variance / n).sqrt();
    let bound = |s: f64| elo_from_score(s.clamp(0.0, 1.0));
    Some(EloEstimate {
        elo: elo_from_score(score),
        low: bound(score - Z_95 * se),
        high: bound(score + Z_95 * se),
        los: los(wdl.wins, wdl.losses),
        draw_ratio: d / n,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() < tol
    }

    #[test]
    fn three_quarters_is_190_85_elo() {
        assert!(close(elo_from_score(0.75), 190.8485, 1e-4));
        assert!(close(elo_from_score(0.25), -190.8485, 1e-4));
        assert_eq!(elo_from_score(0.5), 0.0);
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
    }

    #[test]
    fn los_matches_the_closed_form() {
        // ½(1 + erf(5/√30)) and ½(1 + erf(10/√100)), computed with Python's math.erf.
        assert!(close(los(10, 5), 0.901_647_198_8, 1e-9));
        assert!(close(los(30, 20), 0.921_350_396_5, 1e-9));
        assert_eq!(los(7, 7), 0.5);
        assert_eq!(los(0, 0), 0.5);
        assert!(close(los(5, 10), 1.0 - los(10, 5), 1e-12));
        assert!(close(los_normal(0.0, 1.0), 0.5, 1e-12));
        assert!(close(los_normal(1.959_963_985, 1.0), 0.975, 1e-9));
    }

    #[test]
    fn thirty_ten_twenty_as_cutechess_reports_it() {
        // Score 35/60; per-game variance and interval computed independently in Python.
        let e = estimate(Wdl { wins: 30, draws: 10, losses: 20 }).unwrap();
        assert!(close(e.elo, 58.4512, 1e-4), "{e:?}");
        assert!(close(e.low, -21.0229, 1e-4), "{e:?}");
        assert!(close(e.high, 144.6208, 1e-4), "{e:?}");
        assert!(close(e.margin(), 82.8218, 1e-4), "{e:?}");
        assert!(close(e.draw_ratio, 1.0 / 6.0, 1e-12));
        assert!(close(e.los, 0.921_350_396_5, 1e-9));
    }

    #[test]
    fn flipping_the_sides_negates_the_estimate() {
        let wdl = Wdl { wins: 30, draws: 10, losses: 20 };
        let (a, b) = (estimate(wdl).unwrap(), estimate(wdl.flipped()).unwrap());
        assert!(close(a.elo, -b.elo, 1e-9) && close(a.low, -b.high, 1e-9) && close(a.los, 1.0 - b.los, 1e-12));
        assert_eq!(estimate(Wdl::default()), None);
    }
}
