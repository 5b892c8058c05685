//! The sequential probability ratio test chess-engine testers run to decide whether bot A is
//! stronger than bot B (fishtest, fastchess): the generalized SPRT (GSPRT) of Michel Van den
//! Bergh, "A practical GSPRT" and "Multinomial maximum likelihood estimation with a fixed mean"
//! (<http://hardy.uhasselt.be/Fishtest/>), as in fishtest's `LLRcalc.py` (`LLR_logistic`).
//!
//! Model: **logistic (plain) Elo**. A's expected score per game is `s(elo) = 1 / (1 + 10^(-elo/400))`;
//! H0 is `elo = elo0`, H1 is `elo = elo1` (in effect `elo <= elo0` against `elo >= elo1`).
//! Samples are A's mean score per game over one deal: a single game (trinomial model: 0, ½, 1)
//! or a deal played under every rotation of the seats (2 players: the pentanomial model of
//! paired games, 0, ¼, ½, ¾, 1). The log-likelihood ratio is `N · Σ p̂ᵢ ln(p₁ᵢ / p₀ᵢ)`, where
//! `p̂` is the empirical distribution of the `N` samples and `p₀`, `p₁` its maximum-likelihood
//! re-weightings with mean `s(elo0)`, `s(elo1)`. Like fishtest, values of the standard grid
//! (`k / 2m` for `m` games per deal) that were never observed get a count of 10⁻³, so the test
//! works for games without draws. Wald's bounds: stop for H0 when `LLR <= ln(β / (1 − α))`, for
//! H1 when `LLR >= ln((1 − β) / α)`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The count fishtest gives grid values never observed (`regularize` in `LLRcalc.py`).
const UNSEEN: f64 = 1e-3;

/// SPRT parameters: `--sprt elo0,elo1,alpha,beta`, or `sprt = { elo0 = 0.0, elo1 = 10.0,
/// alpha = 0.05, beta = 0.05 }` in a spec. Elo is logistic Elo of bot A (lineup position 0)
/// against bot B (the rest of the lineup); `alpha` is the false-positive rate (accepting H1 when
/// `elo <= elo0`), `beta` the false-negative rate (accepting H0 when `elo >= elo1`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sprt {
    /// Elo of H0.
    pub elo0: f64,
    /// Elo of H1, greater than `elo0`.
    pub elo1: f64,
    /// Type I error, in (0, 1).
    pub alpha: f64,
    /// Type II error, in (0, 1), with `alpha + beta < 1`.
    pub beta: f64,
}

/// What the test says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// H0 accepted: `elo <= elo0`.
    H0,
    /// H1 accepted: `elo >= elo1`.
    H1,
    /// Neither bound reached (yet, or by the game limit).
    Inconclusive,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::H0 => "h0",
            Verdict::H1 => "h1",
            Verdict::Inconclusive => "inconclusive",
        })
    }
}

impl Sprt {
    /// Checks the parameters.
    ///
    /// # Errors
    /// [`SprtError::EloOrder`] or [`SprtError::Rates`]: the message names `sprt` and the broken
    /// condition.
    pub fn validate(&self) -> Result<(), SprtError> {
        let Sprt { elo0, elo1, alpha, beta } = *self;
        let open = |x: f64| x > 0.0 && x < 1.0;
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1) {
            return Err(SprtError::EloOrder { elo0, elo1 });
        }
        if !(open(alpha) && open(beta) && alpha + beta < 1.0) {
            return Err(SprtError::Rates { alpha, beta });
        }
        Ok(())
    }

    /// Wald's stopping bounds `(lower, upper)` on the LLR.
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The verdict for log-likelihood ratio `llr`.
    pub fn verdict(&self, llr: f64) -> Verdict {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::H1
        } else if llr <= lower {
            Verdict::H0
        } else {
            Verdict::Inconclusive
        }
    }

    /// The log-likelihood ratio of H1 against H0 for `samples`: `(score, count)` pairs, `score`
    /// being A's mean score per game over a deal of `games_per_deal` games, in `[0, 1]`. Zero
    /// without samples.
    pub fn llr(&self, samples: &[(f64, u64)], games_per_deal: usize) -> f64 {
        let n: u64 = samples.iter().map(|s| s.1).sum();
        if n == 0 {
            return 0.0;
        }
        let grid = 2 * games_per_deal;
        let mut pdf: Vec<(f64, f64)> = samples.iter().map(|&(v, c)| (v, c as f64)).collect();
        for k in 0..=grid {
            let v = k as f64 / grid as f64;
            if !pdf.iter().any(|p| (p.0 - v).abs() < 1e-9) {
                pdf.push((v, UNSEEN));
            }
        }
        let total: f64 = pdf.iter().map(|p| p.1).sum();
        pdf.iter_mut().for_each(|p| p.1 /= total);
        let (p0, p1) = (mle(&pdf, score_of_elo(self.elo0)), mle(&pdf, score_of_elo(self.elo1)));
        total * pdf.iter().zip(p0.iter().zip(&p1)).map(|(p, (a, b))| p.1 * (b / a).ln()).sum::<f64>()
    }
}

/// Bad SPRT parameters.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SprtError {
    /// `--sprt` text that is not four numbers (the text).
    #[error("--sprt `{0}` is malformed: write elo0,elo1,alpha,beta, e.g. 0,10,0.05,0.05")]
    Malformed(String),
    /// `elo0` is not below `elo1` (or one is not finite).
    #[error("sprt: elo0 ({elo0}) must be less than elo1 ({elo1})")]
    EloOrder {
        /// H0's Elo.
        elo0: f64,
        /// H1's Elo.
        elo1: f64,
    },
    /// An error rate outside (0, 1), or rates that sum to 1 or more.
    #[error("sprt: alpha ({alpha}) and beta ({beta}) must lie in (0, 1) with alpha + beta < 1")]
    Rates {
        /// The false-positive rate.
        alpha: f64,
        /// The false-negative rate.
        beta: f64,
    },
}

impl FromStr for Sprt {
    type Err = SprtError;

    /// Parses `elo0,elo1,alpha,beta`, e.g. `0,10,0.05,0.05`, and validates it.
    fn from_str(s: &str) -> Result<Self, SprtError> {
        let bad = || SprtError::Malformed(s.to_string());
        let v = s.split(',').map(|x| x.trim().parse::<f64>().map_err(|_| bad())).collect::<Result<Vec<_>, _>>()?;
        let [elo0, elo1, alpha, beta] = v[..] else { return Err(bad()) };
        let sprt = Sprt { elo0, elo1, alpha, beta };
        sprt.validate()?;
        Ok(sprt)
    }
}

impl fmt::Display for Sprt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "elo0={} elo1={} alpha={} beta={}", self.elo0, self.elo1, self.alpha, self.beta)
    }
}

/// A's expected score per game at logistic Elo difference `elo`.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The distribution closest in likelihood to `pdf` (values with probabilities, every value in
/// `[0, 1]`, some below and some above `s`) with mean `s`: `pᵢ / (1 + x (aᵢ − s))`, where `x`
/// solves the secular equation `Σ pᵢ (aᵢ − s) / (1 + x (aᵢ − s)) = 0` (Van den Bergh,
/// Proposition 1.1). The left side decreases in `x` on the interval where every weight is
/// positive, so bisection finds the root.
fn mle(pdf: &[(f64, f64)], s: f64) -> Vec<f64> {
    let (lo_a, hi_a) = pdf.iter().fold((f64::MAX, f64::MIN), |(l, h), p| (l.min(p.0 - s), h.max(p.0 - s)));
    let f = |x: f64| pdf.iter().map(|&(a, p)| p * (a - s) / (1.0 + x * (a - s))).sum::<f64>();
    let (mut lo, mut hi) = (-1.0 / hi_a, -1.0 / lo_a);
    loop {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let x = 0.5 * (lo + hi);
    pdf.iter().map(|&(a, p)| p / (1.0 + x * (a - s))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPRT: Sprt = Sprt { elo0: 0.0, elo1: 10.0, alpha: 0.05, beta: 0.05 };

    /// Counts of the standard grid (losses first) as samples.
    fn grid(counts: &[u64]) -> Vec<(f64, u64)> {
        let last = (counts.len() - 1) as f64;
        counts.iter().enumerate().filter(|c| *c.1 > 0).map(|(i, &c)| (i as f64 / last, c)).collect()
    }

    fn close(a: f64, b: f64) {
        assert!((a - b).abs() < 1e-9, "{a} vs {b}");
    }

    // Reference values: fishtest's `LLRcalc.LLR_logistic(elo0, elo1, results)` (Python, SciPy's
    // brentq for the secular equation), results as [L, D, W] or [LL, LD, LW+DD, DW, WW].
    #[test]
    fn trinomial_llr_matches_fishtest() {
        close(SPRT.llr(&grid(&[100, 50, 150]), 1), 1.5787108859751044);
        close(SPRT.llr(&grid(&[150, 50, 100]), 1), -1.8749105469379415);
        close(Sprt { elo1: 5.0, ..SPRT }.llr(&grid(&[3000, 2000, 3100]), 1), 0.7972243736485543);
    }

    #[test]
    fn unseen_outcomes_are_regularized_like_fishtest() {
        close(SPRT.llr(&grid(&[0, 3, 0]), 1), -0.08284752472433528);
        close(Sprt { elo0: -10.0, ..SPRT }.llr(&grid(&[120, 0, 130]), 1), 0.5756485751989994);
        close(SPRT.llr(&grid(&[0, 0, 0, 0, 64]), 2), 1.815618147207789);
    }

    #[test]
    fn pentanomial_llr_matches_fishtest() {
        close(SPRT.llr(&grid(&[10, 20, 40, 25, 5]), 2), -0.43748623289103017);
        close(Sprt { elo0: -5.0, elo1: 5.0, ..SPRT }.llr(&grid(&[10, 20, 40, 25, 5]), 2), -0.2769787701457881);
    }

    #[test]
    fn mirrored_results_and_hypotheses_give_the_same_llr() {
        let mirrored = Sprt { elo0: -10.0, elo1: 0.0, ..SPRT };
        close(SPRT.llr(&grid(&[7, 30, 51, 22, 9]), 2), -mirrored.llr(&grid(&[9, 22, 51, 30, 7]), 2));
    }

    #[test]
    fn bounds_and_verdicts() {
        let (lower, upper) = SPRT.bounds();
        close(lower, -2.9444389791664403);
        close(upper, 2.9444389791664403);
        assert_eq!(SPRT.verdict(3.0), Verdict::H1);
        assert_eq!(SPRT.verdict(-3.0), Verdict::H0);
        assert_eq!(SPRT.verdict(0.5), Verdict::Inconclusive);
        assert_eq!(SPRT.llr(&[], 2), 0.0);
    }

    #[test]
    fn elo_and_score_are_inverse() {
        close(score_of_elo(0.0), 0.5);
        close(score_of_elo(400.0), 10.0 / 11.0);
        close(crate::stats::elo::elo_from_score(score_of_elo(-123.0)), -123.0);
    }

    #[test]
    fn parsing_validates_and_names_the_flag() {
        assert_eq!("0,10,0.05,0.05".parse::<Sprt>(), Ok(SPRT));
        for bad in ["0,10,0.05", "a,10,0.05,0.05", "0,10,0.05,0.05,1"] {
            assert!(bad.parse::<Sprt>().unwrap_err().to_string().contains("--sprt"), "{bad}");
        }
        assert!("10,0,0.05,0.05".parse::<Sprt>().unwrap_err().to_string().contains("elo0"));
        assert!("0,10,0.6,0.5".parse::<Sprt>().unwrap_err().to_string().contains("alpha"));
        assert!("0,10,0,0.05".parse::<Sprt>().unwrap_err().to_string().contains("alpha"));
    }
}
