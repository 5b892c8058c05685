//! Bradley–Terry ratings of several players from pairwise results.
//!
//! Model: player `i` beats `j` with probability `γ_i / (γ_i + γ_j)`. The maximum-likelihood `γ`
//! is found by the MM algorithm of Hunter (2004), "MM algorithms for generalized Bradley–Terry
//! models", Annals of Statistics 32(1), eq. (3): `γ_i ← W_i / Σ_j N_ij / (γ_i + γ_j)`, where
//! `W_i` is `i`'s wins and `N_ij` the games between `i` and `j`. Draws count as half a win to
//! each side. Ratings are anchored at player 0 (`γ_0 = 1`, 0 Elo) and reported in Elo points,
//! `400·log10(γ_i)`. Standard errors come from the inverse of the observed Fisher information
//! of `θ = ln γ` with `θ_0` fixed: `I_ii = Σ_j N_ij p_ij p_ji`, `I_ij = −N_ij p_ij p_ji`.
//!
//! The maximum exists and is unique iff Hunter's Assumption 1 holds: in every split of the
//! players in two groups, someone of each group has beaten (or drawn with) someone of the other,
//! i.e. the "has scored against" graph is strongly connected.

use std::f64::consts::LN_10;

/// Elo points per unit of `θ = ln γ`.
const ELO_PER_NAT: f64 = 400.0 / LN_10;

/// A fitted Bradley–Terry model.
#[derive(Debug, Clone, PartialEq)]
pub struct BtFit {
    /// Rating of each player in Elo, relative to player 0 (whose rating is 0).
    pub elo: Vec<f64>,
    /// Standard error of each rating in Elo (0 for player 0, the anchor).
    pub se: Vec<f64>,
}

/// Fits the model to `scores`, where `scores[i][j]` is what `i` scored against `j` (wins plus
/// half the draws); the matrix is square, with at least two players.
///
/// The maximum-likelihood ratings do not exist: Hunter's Assumption 1 fails (some players never
/// scored against, or never conceded to, a group of the others).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "Bradley–Terry ratings are undefined: some players never scored against (or never conceded to) a group of \
     the others"
)]
pub struct Undefined;

/// Fits the model to `scores`, where `scores[i][j]` is what `i` scored against `j` (wins plus
/// half the draws); the matrix is square, with at least two players.
///
/// # Errors
/// [`Undefined`]: the maximum-likelihood ratings do not exist (Hunter's Assumption 1 fails).
pub fn fit(scores: &[Vec<f64>]) -> Result<BtFit, Undefined> {
    let k = scores.len();
    let beat = |i: usize, j: usize| scores[i][j] > 0.0;
    let connected = |edge: &dyn Fn(usize, usize) -> bool| reachable(k, edge).iter().all(|&r| r);
    if !connected(&beat) || !connected(&|i, j| beat(j, i)) {
        return Err(Undefined);
    }
    let games = |i: usize, j: usize| scores[i][j] + scores[j][i];
    let wins: Vec<f64> = scores.iter().map(|row| row.iter().sum()).collect();
    let mut gamma = vec![1.0; k];
    for _ in 0..100_000 {
        let next: Vec<f64> = (0..k)
            .map(|i| {
                let denom: f64 = (0..k).filter(|&j| j != i).map(|j| games(i, j) / (gamma[i] + gamma[j])).sum();
                wins[i] / denom
            })
            .collect();
        let next: Vec<f64> = next.iter().map(|g| g / next[0]).collect();
        let change = next.iter().zip(&gamma).map(|(a, b)| (a / b).ln().abs()).fold(0.0, f64::max);
        gamma = next;
        if change < 1e-13 {
            break;
        }
    }
    let p = |i: usize, j: usize| gamma[i] / (gamma[i] + gamma[j]);
    let info = |i: usize, j: usize| games(i, j) * p(i, j) * p(j, i);
    // Fisher information of θ_1 … θ_{k−1}.
    let m: Vec<Vec<f64>> = (1..k)
        .map(|i| {
            (1..k)
                .map(|j| if i == j { (0..k).filter(|&x| x != i).map(|x| info(i, x)).sum() } else { -info(i, j) })
                .collect()
        })
        .collect();
    let cov = invert(m);
    let elo = gamma.iter().map(|g| g.ln() * ELO_PER_NAT).collect();
    let se = std::iter::once(0.0).chain((0..k - 1).map(|i| cov[i][i].sqrt() * ELO_PER_NAT)).collect();
    Ok(BtFit { elo, se })
}

/// Which players are reachable from player 0 along `edge(i, j)`.
fn reachable(k: usize, edge: &dyn Fn(usize, usize) -> bool) -> Vec<bool> {
    let mut seen = vec![false; k];
    let mut stack = vec![0];
    seen[0] = true;
    while let Some(i) = stack.pop() {
        for (j, s) in seen.iter_mut().enumerate() {
            if !*s && edge(i, j) {
                *s = true;
                stack.push(j);
            }
        }
    }
    seen
}

/// The inverse of a symmetric positive definite matrix, by Gauss–Jordan elimination (the
/// matrices here are a few players wide).
fn invert(mut a: Vec<Vec<f64>>) -> Vec<Vec<f64>> {
    let n = a.len();
    let mut inv: Vec<Vec<f64>> = (0..n).map(|i| (0..n).map(|j| f64::from(u8::from(i == j))).collect()).collect();
    for c in 0..n {
        let pivot = (c..n).max_by(|&x, &y| a[x][c].abs().total_cmp(&a[y][c].abs())).expect("non-empty");
        a.swap(c, pivot);
        inv.swap(c, pivot);
        let d = a[c][c];
        a[c].iter_mut().for_each(|x| *x /= d);
        inv[c].iter_mut().for_each(|x| *x /= d);
        for r in (0..n).filter(|&r| r != c) {
            let f = a[r][c];
            for j in 0..n {
                a[r][j] -= f * a[c][j];
                inv[r][j] -= f * inv[c][j];
            }
        }
    }
    inv
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::elo::elo_from_score;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() < tol
    }

    #[test]
    fn two_players_reduce_to_the_score_formula() {
        // 3 wins to 1: γ_1/γ_0 = 1/3, i.e. −190.85 Elo; Var(θ_1) = 1/(N p q) = 1/(4 · 3/16).
        let f = fit(&[vec![0.0, 3.0], vec![1.0, 0.0]]).unwrap();
        assert_eq!(f.elo[0], 0.0);
        assert!(close(f.elo[1], elo_from_score(0.25), 1e-9), "{f:?}");
        assert!(close(f.se[1], (4.0f64 / 3.0).sqrt() * ELO_PER_NAT, 1e-9), "{f:?}");
    }

    #[test]
    fn balanced_results_give_equal_ratings() {
        let f = fit(&[vec![0.0, 2.0, 1.0], vec![1.0, 0.0, 2.0], vec![2.0, 1.0, 0.0]]).unwrap();
        assert!(f.elo.iter().all(|e| close(*e, 0.0, 1e-9)), "{f:?}");
    }

    #[test]
    fn the_fit_solves_the_likelihood_equations() {
        // At the maximum, every player's expected wins equal its wins: Σ_j N_ij p_ij = W_i.
        let s = vec![vec![0.0, 7.0, 9.0], vec![3.0, 0.0, 6.5], vec![1.0, 3.5, 0.0]];
        let f = fit(&s).unwrap();
        let gamma: Vec<f64> = f.elo.iter().map(|e| (e / ELO_PER_NAT).exp()).collect();
        for i in 0..3 {
            let expected: f64 =
                (0..3).filter(|&j| j != i).map(|j| (s[i][j] + s[j][i]) * gamma[i] / (gamma[i] + gamma[j])).sum();
            assert!(close(expected, s[i].iter().sum(), 1e-9), "player {i}: {f:?}");
        }
        assert!(f.elo[1] < 0.0 && f.elo[2] < f.elo[1], "{f:?}");
        assert!(f.se.iter().skip(1).all(|&se| se > 0.0 && se.is_finite()), "{f:?}");
    }

    #[test]
    fn a_player_without_a_point_has_no_rating() {
        let err = fit(&[vec![0.0, 2.0, 1.0], vec![1.0, 0.0, 0.0], vec![0.0, 0.0, 0.0]]).unwrap_err().to_string();
        assert!(err.contains("undefined"), "{err}");
        assert!(fit(&[vec![0.0, 0.0], vec![4.0, 0.0]]).is_err());
    }

    #[test]
    fn inverting_a_small_matrix() {
        let inv = invert(vec![vec![4.0, -2.0], vec![-2.0, 3.0]]);
        // det 8: inverse [[3, 2], [2, 4]] / 8.
        for (row, want) in inv.iter().zip([[0.375, 0.25], [0.25, 0.5]]) {
            assert!(row.iter().zip(want).all(|(a, b)| close(*a, b, 1e-12)), "{inv:?}");
        }
    }
}
