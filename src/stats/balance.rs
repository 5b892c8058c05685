//! Balance verdicts (`balance.csv`, the console's and `report.md`'s balance lines): for every
//! label at every player count, whether its values win equally often and score equally well,
//! from [`Counts`] alone.
//!
//! **Win rates of a seat label** (`seat`, `role`, `wonder`): value `v` holds `M_v` seat-games and
//! `W_v` wins, rate `p_v = W_v / M_v`. The reference `r` is the label's pooled rate `ΣW / ΣM`:
//! the fair share `1/n` when every game has one winner among its `n` seats (then `r` is fixed by
//! the game, not estimated), else the label's overall rate (games with draws or team wins).
//! - The gap `p_v − r` with a 95% interval: with a fixed reference, the Wilson interval of `p_v`
//!   over the effective number of independent trials of the deal clusters
//!   ([`Clusters::effective_trials`], as in `summary.csv`) times Korn & Graubard's factor
//!   `(z/t_{D−1})²` for its `D` deals (as every Wilson interval here, see `deal_wilson`; a group
//!   with one seat per deal keeps the plain Wilson interval over its seat-games) minus `r`;
//!   otherwise the gap is
//!   `p_v − r = (1 − f_v)(p_v − p_rest)` (`f_v = M_v / ΣM`, `p_rest` the other values' pooled
//!   rate) and its interval `(1 − f_v)·[L, U]`, where `[L, U]` is the MOVER interval of
//!   `p_v − p_rest` (method of variance estimates recovery, Zou & Donner 2008; with `ρ = 0` it
//!   is Newcombe's hybrid score interval, Newcombe 1998, method 10):
//!   `L = p_v − p_rest − √((p_v − l_v)² + (u_r − p_rest)² − 2ρ(p_v − l_v)(u_r − p_rest))`,
//!   `U = p_v − p_rest + √((u_v − p_v)² + (p_rest − l_r)² − 2ρ(u_v − p_v)(p_rest − l_r))`, with
//!   `[l_v, u_v]`, `[l_r, u_r]` the Wilson intervals of `p_v` and `p_rest` over their effective
//!   numbers of trials `p(1 − p)/V` (Kish's design effect; `V` the linearization variance of the
//!   ratio over deals, Cochran 1977, §6.11: `Σ_c (w − p_v·m)² / M_v²`, `m`, `w` the value's seats
//!   and wins in deal `c`, and for the rest `Σ_c ((W − w) − p_rest·(M − m))² / M_rest²`, `M`, `W`
//!   the label's), and `ρ` their correlation over deals, `Σ_c (w − p_v·m)((W − w) − p_rest·(M −
//!   m)) / (M_v·M_rest·√(V_v·V_rest))` (a team's win is the other teams' loss). A rate of 0 or 1
//!   has no spread to measure: its trials are then the deals that hold the value (the rest's, the
//!   most deals of one other value) and `ρ = 0`, so a value that never wins gets the Wilson upper
//!   bound of no wins, not the zero-width interval the Wald interval of the linearization
//!   variance gave (Cat Café 3p, `best_part` `columns` 0 of 1: −31.6 pp [−31.7, −31.5] before,
//!   [−31.7, +47.8] now). Such an interval may reach past `−r` or `1 − r` (MOW 2p `flies`
//!   `25-49`, won 100%: up to +50.5 pp over `r` = 49.7%): the true gap is to the true overall
//!   rate, which is estimated too; the bounds never pass `±(1 − f_v)`, the gaps of a rate of 0
//!   or 1 against the rest. Clipping them at `[−r, 1 − r]` dropped the coverage of a value
//!   that never wins to 52.6% in the simulation test below, so they are not clipped. These sums come from [`Clusters`]' sums against the deal's totals;
//!   counts made before them take the values as independent (`ρ = 0`, the rest's variance
//!   `Σ_x (M_x/M_rest)² V_x`). In the simulation test below the intervals hold the true gap
//!   93–97% of the time, also for a value that never wins, wins 1%, or wins 98% (where the Wald
//!   interval held it 91% of the time).
//! - Each value against the rest: the two-sided score test of `p_v = r` (fixed reference) or of
//!   `p_v = p_rest`, `z = gap / √V₀`, where `V₀` is the linearization variance over deals around
//!   the reference: `Σ_c (w − r·m)² / M_v²` for a fixed reference, else the variance of the
//!   difference of two ratios (Cochran 1977, §6.11) `Σ_c ((w − r·m)/M_v − (W − r·M)/ΣM)²`
//!   (a test under the null needs no interval at 0 or 1), so seats of one deal (two Outlaws,
//!   the rotations of one deal) count as one unit; p-values adjusted for the label's values by
//!   Holm's step-down method (Holm 1979), which holds under any dependence between the tests.
//! - The omnibus test that all values have the same rate: `X² = Σ_v (1 − f_v)·z_v²` against the
//!   chi-square distribution with `k − 1` degrees of freedom (`k` values). With a fixed reference
//!   and every deal holding one seat of each value (fixed seats or one game per deal; a label
//!   dealt once per seat) this is exactly Pearson's goodness-of-fit statistic of the winners' values; with two values in
//!   independent games it is the two-sample `z²`. Between those, the covariance of two values
//!   within one deal (which the counts do not keep) is left out: an approximation.
//!
//! **Shares of a game label decided by play** (`winner`, `victory`): value `v` ends `G_v` of the `G` finished
//! games; the reference is equal shares `1/k`; gap, interval and tests as for a fixed reference
//! (deal clusters under rotation, else one game per trial); the omnibus is Pearson's
//! goodness-of-fit test against equal shares. A **game label fixed before play** (7 Wonders
//! Duel's `first_player` under `first_player = "random"`) has no rows: its shares of games only
//! show how the setup fell (a coin), so a test of them says nothing of balance; its line
//! ([`setup_game_lines`]) gives the shares and points to the cross-tabulation by value and seat
//! (`meeple report DIR --by first_player,seat`); what it means for wins is usually a seat label
//! too (7 Wonders Duel's `first`), which gets its verdict.
//!
//! **Mean scores of a seat label** (games with scores): the gap `mean_v − mean` (the label's mean
//! over all its seats' scores) `= (1 − f_v)(mean_v − mean_rest)` with the 95% t interval of
//! the same linearization variance over deals as for win rates, scores in place of wins:
//! `Σ_c ((y − mean_v·n)/N_v − (Y − mean·N)/ΣN)²` (`n`, `y` the value's scored seats and their
//! score sum in deal `c`, `N`, `Y` the label's; [`ScoreClusters`]), times `D/(D − 1)` for the
//! value's `D` deals (the fewer of the deals holding the value and of those holding the most
//! widespread other value), with Student's t quantile on `D − 1` degrees of freedom in place of the
//! normal one (as a cross-tab cell's mean score and the versus margin), so the seats of one game (one
//! seat's points are often another's loss) and the rotations of one deal count as one unit. Each
//! value against the rest: `z = gap / √V₀`, `V₀` the same variance around the label's mean,
//! two-sided normal p-value, Holm-adjusted; the omnibus `X² = Σ_v (1 − f_v)·z_v²` on `k − 1`
//! degrees of freedom, as for win rates. Counts made before the score sums fall back to taking
//! the seats as independent observations (`s²_v/n_v + s²_rest/n_rest`). In the simulation test
//! below (a deal effect shared by the seats), the score intervals hold the true gap 93–97% of
//! the time.
//!
//! **The verdict line**: `LABEL, N players: unequal (p < 1e-100); strongest V +6.2 pp [+5.9,
//! +6.5]; weakest W −8.1 pp [−8.4, −7.8]; 5 of 7 values differ from the rest (Holm, 5%)`, or `no
//! difference found (p = 0.43)` when the omnibus p-value is 0.05 or more. With two values, each
//! value against the rest is the same test as the omnibus (the two against each other): no Holm
//! step (`p_holm = p`), and the line ends `the two values differ (5%)`. The mean-score line
//! says which value scores more and which way is better ([`score_verdict`]: `seat 0 scores 2.0
//! victory points more than seat 1 [+1.9, +2.1], more is better`). Numbers that round to zero
//! are written `0.0`, never `−0.0`.
//!
//! **Families of labels**: the setup labels of one player count whose names share the part
//! before their first `_` (7 Wonders Duel's 12 `dealt_ID`, which together ask "which wonder is
//! strongest") are one family of tests: each label's omnibus p-value (win rates, and mean scores)
//! is also adjusted by Holm's method over the family (Holm 1979, "A simple sequentially
//! rejective multiple test procedure", Scand. J. Statist. 6:65–70; it holds under any dependence
//! between the tests), in `balance.csv`'s `chi2_p_family` and `score_chi2_p_family`; the
//! verdict decides on the adjusted p-value and writes both (`no difference found (p = 0.046;
//! Holm over 12 dealt_* labels: p = 0.55)`). A label alone in its family keeps its own p-value.
//!
//! Labels `all` and `bot` are left out (bots' strength is the ratings'), as are one-player
//! counts (no wins) and labels with fewer than two values. Labels decided by the outcome (a
//! seat's `result`, its VP band, the number of rounds, the winners), which the games mark
//! `#[kind(outcome)]` ([`crate::labels::LabelKind`], [`Counts::outcome_labels`]), differ by
//! construction: their rows carry `kind = outcome` and their line describes them (`outcome label
//! (decided by play), not a balance question; most V …; least W …`) without a verdict or a
//! mean-score line; the verdicts are for labels fixed before play.

use std::io::Write;

use serde::Serialize;
use statrs::distribution::{ChiSquared, ContinuousCDF};

use crate::labels::LabelKind;

use super::counts::scaled_variance;
use super::wilson::deal_t_half_width;
use super::{
    Clusters, Counts, GroupCounts, Histogram, ScoreClusters, Z_95, cluster_wilson, value_order, wilson_interval,
    wilson_interval_of,
};

/// The level of the verdicts: a p-value below it is a difference.
pub const ALPHA: f64 = 0.05;

/// A test's statistic, degrees of freedom and p-value.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Test {
    /// The chi-square statistic `X²`.
    pub statistic: f64,
    /// Degrees of freedom: `(k − 1, 0)`.
    pub df: (f64, f64),
    /// The p-value.
    pub p: f64,
}

/// One value's difference from the reference.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Gap {
    /// The value's rate (a fraction) or mean score.
    pub estimate: f64,
    /// `estimate − reference` (rates as fractions, scores in points).
    pub gap: f64,
    /// Lower bound of the 95% interval of `gap`; NaN when there is none (a mean score seen in
    /// one deal).
    pub low: f64,
    /// Upper bound of the 95% interval of `gap`; NaN as `low`.
    pub high: f64,
    /// Two-sided p-value of the value against the rest (1 with no interval).
    pub p: f64,
    /// `p` adjusted by Holm's method over the label's values.
    pub p_holm: f64,
}

/// One value of a label.
#[derive(Debug, Clone, PartialEq)]
pub struct ValueBalance {
    /// The value, e.g. `sheriff`.
    pub value: String,
    /// Seat-games with the value (for a game label, games that ended with it).
    pub games: u64,
    /// Its win rate (share of games, for a game label) against the reference.
    pub win: Gap,
    /// Its mean score against the label's mean (seat labels of games with scores).
    pub score: Option<Gap>,
}

/// The balance of one label at one player count.
#[derive(Debug, Clone, PartialEq)]
pub struct LabelBalance {
    /// Player count.
    pub players: usize,
    /// The label, e.g. `seat`.
    pub label: String,
    /// Whether it is a game label (its rate is a share of games).
    pub game_label: bool,
    /// Whether the label is fixed before play (a balance question) or decided by it (its values
    /// differ by construction: no verdict), from [`Counts::outcome_labels`].
    pub kind: LabelKind,
    /// The reference rate: `1/n`, the label's overall rate, or `1/k` for a game label.
    pub reference: f64,
    /// What the reference is: `fair share`, `overall rate` or `equal shares`.
    pub reference_kind: &'static str,
    /// The omnibus test of equal win rates (shares).
    pub win_test: Test,
    /// The omnibus chi-square test of equal mean scores.
    pub score_test: Option<Test>,
    /// The values, in value order.
    pub values: Vec<ValueBalance>,
    /// The label's family, when it has one (see [`Family`]).
    pub family: Option<Family>,
    /// Whether every deal gave each value exactly the reference's share of its wins (no spread
    /// at all: under rotation when one bot wins every game), so that the design cannot see a
    /// difference and the win test's `p = 1` says nothing (the verdict says so).
    pub blind: bool,
}

/// The setup labels of one player count whose names share the part before their first `_`
/// (7 Wonders Duel's 12 `dealt_ID`: "which wonder is strongest" asks all of them at once), and
/// this label's omnibus p-values adjusted by Holm's method over them (Holm 1979).
#[derive(Debug, Clone, PartialEq)]
pub struct Family {
    /// The shared part of the names with its `_`, e.g. `dealt_`.
    pub prefix: String,
    /// How many labels the family has (two or more).
    pub size: usize,
    /// [`LabelBalance::win_test`]'s p-value, Holm-adjusted over the family.
    pub win_p: f64,
    /// [`LabelBalance::score_test`]'s p-value, Holm-adjusted over the family (when every member
    /// has one).
    pub score_p: Option<f64>,
}

/// The balance of every label at every player count of `counts`: player counts in order, then
/// `seat`, the other seat labels by name, then the game labels by name.
pub fn balance(counts: &Counts) -> Vec<LabelBalance> {
    let game_label = |l: &str| counts.game_labels.iter().any(|g| g == l);
    let outcome = |l: &str| counts.outcome_labels.iter().any(|o| o == l);
    let mut keys: Vec<(usize, &str)> = counts
        .groups
        .keys()
        .filter(|k| k.players > 1 && k.label != "all" && k.label != "bot")
        .filter(|k| !game_label(&k.label) || outcome(&k.label))
        .map(|k| (k.players, k.label.as_str()))
        .collect();
    keys.dedup();
    keys.sort_by_key(|&(p, l)| (p, if l == "seat" { 0 } else { 1 + usize::from(game_label(l)) }, l));
    let mut all: Vec<LabelBalance> = keys
        .into_iter()
        .filter_map(|(players, label)| label_balance(counts, players, label, game_label(label)))
        .collect();
    adjust_families(&mut all);
    all
}

/// The family of a setup label (see the module docs): the part of its name up to and with the
/// first `_` (`dealt_`), or `None` for a name without one.
fn family_prefix(label: &str) -> Option<&str> {
    label.find('_').map(|i| &label[..=i])
}

/// Fills in [`LabelBalance::family`]: Holm's method (Holm 1979) over the omnibus p-values (win
/// rates; mean scores) of the setup labels of one player count that share a [`family_prefix`],
/// when there are two or more of them.
fn adjust_families(all: &mut [LabelBalance]) {
    let mut families: std::collections::BTreeMap<(usize, &str), Vec<usize>> = Default::default();
    for (i, b) in all.iter().enumerate().filter(|(_, b)| b.kind == LabelKind::Setup) {
        if let Some(prefix) = family_prefix(&b.label) {
            families.entry((b.players, prefix)).or_default().push(i);
        }
    }
    let families: Vec<(String, Vec<usize>)> =
        families.into_iter().filter(|(_, m)| m.len() > 1).map(|((_, f), m)| (f.to_string(), m)).collect();
    for (prefix, members) in families {
        let win = holm(&members.iter().map(|&i| all[i].win_test.p).collect::<Vec<_>>());
        let scored = members.iter().all(|&i| all[i].score_test.is_some());
        let score =
            scored.then(|| holm(&members.iter().map(|&i| all[i].score_test.map_or(1.0, |t| t.p)).collect::<Vec<_>>()));
        for (j, &i) in members.iter().enumerate() {
            all[i].family = Some(Family {
                prefix: prefix.clone(),
                size: members.len(),
                win_p: win[j],
                score_p: score.as_ref().map(|s| s[j]),
            });
        }
    }
}

/// The setup game labels of `counts` (fixed before play for the whole game, e.g. 7 Wonders
/// Duel's `first_player` under `first_player = "random"`), one line per label and player count
/// with two or more values: their shares of the games only show how the setup fell (a coin),
/// so they get no verdict; the line gives the shares and where the win rates by value are,
/// e.g. `first_player, 2 players: setup game label, no verdict (its shares of games are the
/// setup's draw: 0 50.3%, 1 49.7%); win rates by value and seat: meeple report DIR --by
/// first_player,seat`.
pub fn setup_game_lines(counts: &Counts) -> Vec<String> {
    let mut lines = Vec::new();
    for label in counts.game_labels.iter().filter(|l| !counts.outcome_labels.contains(l)) {
        let mut players: Vec<usize> =
            counts.groups.keys().filter(|k| &k.label == label && k.players > 1).map(|k| k.players).collect();
        players.dedup();
        for n in players {
            let mut values: Vec<(&str, u64)> = counts
                .groups
                .iter()
                .filter(|(k, g)| k.players == n && &k.label == label && g.games > 0)
                .map(|(k, g)| (k.value.as_str(), g.games))
                .collect();
            if values.len() < 2 {
                continue;
            }
            values.sort_by_key(|(v, _)| value_order(v));
            let total: u64 = values.iter().map(|v| v.1).sum();
            let shares: Vec<String> =
                values.iter().map(|(v, g)| format!("{v} {:.1}%", 100.0 * *g as f64 / total as f64)).collect();
            lines.push(format!(
                "{label}, {n} players: setup game label, no verdict (its shares of games are the setup's draw: {}); \
                 win rates by value and seat: meeple report DIR --by {label},seat",
                shares.join(", ")
            ));
        }
    }
    lines
}

fn label_balance(counts: &Counts, players: usize, label: &str, game_label: bool) -> Option<LabelBalance> {
    let mut groups: Vec<(&str, &GroupCounts)> = counts
        .groups
        .iter()
        .filter(|(k, g)| k.players == players && k.label == label && g.games > 0)
        .map(|(k, g)| (k.value.as_str(), g))
        .collect();
    groups.sort_by_key(|(v, _)| value_order(v));
    if groups.len() < 2 {
        return None;
    }
    let (reference_kind, reference, rates, win_test, blind) = if game_label {
        let all = counts.groups.iter().find(|(k, _)| k.players == players && k.label == "all").map(|(_, g)| g);
        let games =
            all.map_or_else(|| groups.iter().map(|(_, g)| g.games).sum(), |g| counts.game_label_games(label, g));
        // An outcome label's deals hold only the games whose outcome labels were recorded.
        let outcome = counts.outcome_labels.iter().any(|l| l == label);
        let clusters = all.map(|g| if outcome { g.clusters.of_outcomes(&g.forfeit_deals) } else { g.clusters });
        let (kind, r, gaps, test) = game_shares(&groups, games, clusters.as_ref());
        (kind, r, gaps, test, false)
    } else {
        seat_rates(&groups, players)
    };
    let score = (!game_label && groups.iter().all(|(_, g)| g.score.total() > 1)).then(|| score_gaps(&groups));
    let values = groups
        .iter()
        .enumerate()
        .map(|(i, (v, g))| ValueBalance {
            value: v.to_string(),
            games: g.games,
            win: rates[i],
            score: score.as_ref().map(|s| s.1[i]),
        })
        .collect();
    let outcome = counts.outcome_labels.iter().any(|l| l == label);
    Some(LabelBalance {
        players,
        label: label.into(),
        game_label,
        kind: if outcome { LabelKind::Outcome } else { LabelKind::Setup },
        reference,
        reference_kind,
        win_test,
        score_test: score.map(|s| s.0),
        values,
        family: None,
        blind,
    })
}

/// The sums of a value's deal clusters; with none (one seat per game), those of one trial per
/// seat-game: `(Σm², Σw·m, Σw²)`.
fn sums(c: &Clusters, games: u64, wins: u64) -> (f64, f64, f64) {
    match c.games {
        0 => (games as f64, wins as f64, wins as f64),
        _ => (c.seats_sq as f64, c.wins_seats as f64, c.wins_sq as f64),
    }
}

/// The cluster variance of the ratio `Σw / Σm` (`m_total = Σm`) around `center`:
/// `Σ(w − center·m)² / (Σm)²`.
fn cluster_variance(s: (f64, f64, f64), m_total: f64, center: f64) -> f64 {
    let (mm, wm, ww) = s;
    ((ww - 2.0 * center * wm + center * center * mm) / (m_total * m_total)).max(0.0)
}

/// `Σ_c (w − center·m)(W − r·M)` over a value's deals (`m`, `w` its seats and wins in deal `c`,
/// `M`, `W` the label's), from its cross sums.
fn cross(c: &Clusters, center: f64, r: f64) -> f64 {
    let f = |x: u64| x as f64;
    f(c.wins_by_total_wins) - r * f(c.wins_by_total_seats) - center * f(c.seats_by_total_wins)
        + center * r * f(c.seats_by_total_seats)
}

/// The linearization variance of `p_v − r` (`p_v = Σw / m_v`, `r = ΣW / ΣM`) over the label's
/// deals, `Σ_c ((w − center·m)/m_v − (W − r·M)/ΣM)²`, with `center = p_v` (the interval) or `r`
/// (the test under the null); `label = (Σ_c (W − r·M)² / (ΣM)², ΣM)`.
fn gap_variance(c: &Clusters, m_v: f64, center: f64, r: f64, label: (f64, f64)) -> f64 {
    let own = cluster_variance((c.seats_sq as f64, c.wins_seats as f64, c.wins_sq as f64), m_v, center);
    (own - 2.0 * cross(c, center, r) / (m_v * label.1) + label.0).max(0.0)
}

/// `(ΣW², ΣW·M, ΣM²)` over the label's deals (`M`, `W` its seats and wins in deal `c`), from
/// every value's cross sums (`W = Σ_v w`, so `ΣW² = Σ_v Σ_c w·W`), exact in integers.
fn label_squares(groups: &[(&str, &GroupCounts)]) -> (i128, i128, i128) {
    groups.iter().fold((0, 0, 0), |(ww, wm, mm), (_, g)| {
        let c = &g.clusters;
        (
            ww + i128::from(c.wins_by_total_wins),
            wm + i128::from(c.wins_by_total_seats),
            mm + i128::from(c.seats_by_total_seats),
        )
    })
}

/// The spread over deals of a value's rate `p_v = Σw / M_v` and of the rest's `p_rest =
/// Σ(W − w) / M_rest` (`m`, `w` the value's seats and wins in deal `c`, `M`, `W` the label's).
struct Spread {
    /// The linearization variance of `p_rest`, `Σ_c ((W − w) − p_rest·(M − m))² / M_rest²`.
    rest: f64,
    /// The correlation of `p_v` and `p_rest`: their covariance `Σ_c (w − p_v·m)((W − w) −
    /// p_rest·(M − m)) / (M_v·M_rest)` over the product of their standard deviations; 0 when
    /// either does not vary (a value that never or always wins).
    rho: f64,
}

impl Spread {
    /// From a value's cross sums `c` (`M_v` = `seats`), `p_v`, the rest's `m_rest` seat-games
    /// and `w_rest` wins, and the label's `(ΣW², ΣW·M, ΣM²)` ([`label_squares`]).
    ///
    /// The rest's variance is computed exactly in integers, as [`Clusters::effective_trials`]
    /// does for a value's own: a rest that won at the same rate in every deal then gets exactly
    /// 0, so that its trials fall back to the deals, where the floating-point cancellation of
    /// `ΣW² − 2Σ(W·w) + Σw²` left rounding noise that read as ~10¹⁶ trials and a zero-width
    /// interval (issue 40, nc40e N1).
    fn of(c: &Clusters, (m_v, w_v): (u64, u64), (m_rest, w_rest): (u64, u64), label: (i128, i128, i128)) -> Spread {
        let f = |x: u64| x as f64;
        let i = |x: u64| i128::from(x);
        let (p_v, p_rest) = (w_v as f64 / m_v as f64, w_rest as f64 / m_rest as f64);
        // `Σ_c (w − a·m)(w − b·m)`.
        let own = |a: f64, b: f64| f(c.wins_sq) - (a + b) * f(c.wins_seats) + a * b * f(c.seats_sq);
        // `M_v⁴·V_v = M_v²·Σw² − 2·M_v·W_v·Σw·m + W_v²·Σm²`.
        let (mv, wv) = (i(m_v), i(w_v));
        let scaled_v = scaled_variance((mv, wv), (i(c.wins_sq), i(c.wins_seats), i(c.seats_sq)));
        let seats = m_v as f64;
        let v_v = scaled_v.max(0) as f64 / (seats * seats) / (seats * seats);
        // `M_rest⁴·V_rest = M_rest²·ΣR² − 2·M_rest·W_rest·ΣR·S + W_rest²·ΣS²`, with `R = W − w`,
        // `S = M − m` in each deal.
        let (ww, wm, mm) = label;
        let rr = ww - 2 * i(c.wins_by_total_wins) + i(c.wins_sq);
        let rs = wm - i(c.wins_by_total_seats) - i(c.seats_by_total_wins) + i(c.wins_seats);
        let ss = mm - 2 * i(c.seats_by_total_seats) + i(c.seats_sq);
        let (mr, wr) = (i(m_rest), i(w_rest));
        let scaled = scaled_variance((mr, wr), (rr, rs, ss));
        let m_rest = m_rest as f64;
        let rest = scaled.max(0) as f64 / (m_rest * m_rest) / (m_rest * m_rest);
        let cov = (cross(c, p_v, p_rest) - own(p_v, p_rest)) / (seats * m_rest);
        let rho = if v_v > 0.0 && rest > 0.0 { (cov / (v_v * rest).sqrt()).clamp(-1.0, 1.0) } else { 0.0 };
        Spread { rest, rho }
    }
}

/// The effective number of independent trials of a rate `p` over `seats` seat-games with
/// variance `variance` over deals: `p(1 − p) / variance` (the seat-games over the design effect,
/// Kish 1965); when `p` is 0 or 1 (no spread to measure) the number of deals holding the seats,
/// `deals` (else `seats`), as [`Clusters::effective_trials`] does; infinite when `0 < p < 1` but
/// the rate does not vary.
fn effective_trials_of(p: f64, variance: f64, seats: f64, deals: Option<u64>) -> f64 {
    match deals.filter(|&d| d > 0) {
        Some(d) => super::effective_trials(p, variance, d),
        None if p <= 0.0 || p >= 1.0 || variance <= 0.0 => seats,
        None => p * (1.0 - p) / variance,
    }
}

/// The 95% Wilson interval of a rate `p` over `n` effective trials estimated from `deals` deals,
/// with Korn & Graubard's degrees-of-freedom factor `(z/t_{D−1})²` ([`cluster_wilson`], as a
/// cross-tab cell's win rate and versus.csv's win share): the effective trials estimated from
/// few deals are noisy, and without the factor the gaps held the truth about 90% of the time at
/// 10 deals (issue 40, nc40d H1). One deal (no spread to estimate): the plain Wilson interval.
fn deal_wilson(p: f64, n: f64, deals: u64) -> (f64, f64) {
    cluster_wilson(p, n, deals, Z_95).unwrap_or_else(|| wilson_interval_of(p, n, Z_95))
}

/// The 95% interval of `p₁ − p₂` from each rate's interval `(l, u)` and their correlation `ρ`,
/// by the method of variance estimates recovery (MOVER; Zou & Donner 2008, "Construction of
/// confidence limits about effect measures: a general approach", Stat. Med. 27:1693–1702):
/// `L = p₁ − p₂ − √((p₁ − l₁)² + (u₂ − p₂)² − 2ρ(p₁ − l₁)(u₂ − p₂))`,
/// `U = p₁ − p₂ + √((u₁ − p₁)² + (p₂ − l₂)² − 2ρ(u₁ − p₁)(p₂ − l₂))`. With Wilson intervals and
/// `ρ = 0` this is Newcombe's hybrid score interval (Newcombe 1998, "Interval estimation for the
/// difference between independent proportions", Stat. Med. 17:873–890, method 10).
fn mover_difference((p1, (l1, u1)): (f64, (f64, f64)), (p2, (l2, u2)): (f64, (f64, f64)), rho: f64) -> (f64, f64) {
    let d = p1 - p2;
    let half = |a: f64, b: f64| (a * a + b * b - 2.0 * rho * a * b).max(0.0).sqrt();
    (d - half(p1 - l1, u2 - p2), d + half(u1 - p1, p2 - l2))
}

/// The variance of a value's rate under the null hypothesis that its rate is `r` (`m_total`
/// seat-games): binomial, `r(1 − r) / M`, when each deal holds one of its seats (so that the
/// tests are Pearson's there); else the cluster variance around `r`.
fn null_variance(c: &Clusters, m_total: u64, wins: u64, r: f64) -> f64 {
    match c.games == 0 || c.seats_sq == c.games {
        true => r * (1.0 - r) / m_total as f64,
        false => cluster_variance(sums(c, m_total, wins), m_total as f64, r),
    }
}

/// Two-sided normal p-value of `z`.
fn normal_p(z: f64) -> f64 {
    if z.is_nan() { 1.0 } else { libm::erfc(z.abs() / std::f64::consts::SQRT_2) }
}

/// The chi-square test of `statistic` with `df` degrees of freedom.
fn chi_square(statistic: f64, df: usize) -> Test {
    let p = ChiSquared::new(df as f64).map_or(1.0, |d| if statistic > 0.0 { d.sf(statistic) } else { 1.0 });
    Test { statistic, df: (df as f64, 0.0), p }
}

/// Holm's step-down adjustment of `p` (Holm 1979): the `i`-th smallest p-value (from 0) times
/// `k − i`, made non-decreasing in that order and capped at 1.
pub fn holm(p: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..p.len()).collect();
    order.sort_by(|&a, &b| p[a].total_cmp(&p[b]));
    let mut adjusted = vec![0.0; p.len()];
    let mut running: f64 = 0.0;
    for (rank, &i) in order.iter().enumerate() {
        running = running.max(((p.len() - rank) as f64 * p[i]).min(1.0));
        adjusted[i] = running;
    }
    adjusted
}

/// Fills in the Holm-adjusted p-values of `gaps`; with two values "each value against the rest"
/// is one test (the two values against each other), so its p-value is left as it is.
fn adjust(gaps: &mut [Gap]) {
    if gaps.len() == 2 {
        gaps.iter_mut().for_each(|g| g.p_holm = g.p);
        return;
    }
    let adjusted = holm(&gaps.iter().map(|g| g.p).collect::<Vec<_>>());
    gaps.iter_mut().zip(adjusted).for_each(|(g, a)| g.p_holm = a);
}

/// Win rates of a seat label's values (see the module docs).
fn seat_rates(groups: &[(&str, &GroupCounts)], players: usize) -> (&'static str, f64, Vec<Gap>, Test, bool) {
    let (m_all, w_all) = groups.iter().fold((0u64, 0u64), |(m, w), (_, g)| (m + g.games, w + g.wins));
    let r = w_all as f64 / m_all as f64;
    let fixed = w_all * players as u64 == m_all;
    // `Σ_c (W_c − r·M_c)² / M²` over the label's deals, from every value's cross sums.
    let label_total = groups.iter().all(|(_, g)| g.clusters.has_totals()).then(|| {
        let d: f64 = groups.iter().map(|(_, g)| cross(&g.clusters, r, r)).sum();
        (d / (m_all as f64).powi(2), m_all as f64)
    });
    let m = |g: &GroupCounts| g.games as f64;
    let s = |g: &GroupCounts| sums(&g.clusters, g.games, g.wins);
    let (mut gaps, z): (Vec<Gap>, Vec<f64>) = groups
        .iter()
        .map(|(_, g)| {
            let p = g.wins as f64 / m(g);
            if fixed {
                let (low, high) = match g.clusters.effective_trials(g.wins, g.games) {
                    Some(n) => deal_wilson(p, n, g.clusters.games),
                    None => wilson_interval(g.wins, g.games, Z_95),
                };
                let z = (p - r) / null_variance(&g.clusters, g.games, g.wins, r).sqrt();
                return (Gap { estimate: p, gap: p - r, low: low - r, high: high - r, p: normal_p(z), p_holm: 1.0 }, z);
            }
            let m_rest = m_all as f64 - m(g);
            let p_rest = (w_all - g.wins) as f64 / m_rest;
            let share = m_rest / m_all as f64;
            let gap = share * (p - p_rest);
            // The spread of `p_v` and `p_rest` over deals, their correlation, and the variance
            // of the gap under the null (`z`).
            let (rest, rho, v0) = match label_total {
                Some(total) => {
                    let s = Spread::of(
                        &g.clusters,
                        (g.games, g.wins),
                        (m_all - g.games, w_all - g.wins),
                        label_squares(groups),
                    );
                    (s.rest, s.rho, gap_variance(&g.clusters, m(g), r, r, total))
                }
                None => {
                    // Counts without cross sums: the other values' pooled rate and its variance,
                    // values taken as independent (`ρ = 0`).
                    let rest: Vec<&GroupCounts> =
                        groups.iter().map(|x| x.1).filter(|x| !std::ptr::eq(*x, *g)).collect();
                    let rest_variance = |center: Option<f64>| {
                        rest.iter()
                            .map(|x| {
                                let v = match center {
                                    Some(r) => null_variance(&x.clusters, x.games, x.wins, r),
                                    None => cluster_variance(s(x), m(x), x.wins as f64 / m(x)),
                                };
                                (m(x) / m_rest).powi(2) * v
                            })
                            .sum::<f64>()
                    };
                    let v0 = share * share * (null_variance(&g.clusters, g.games, g.wins, r) + rest_variance(Some(r)));
                    (rest_variance(None), 0.0, v0)
                }
            };
            let deals = groups.iter().filter(|x| !std::ptr::eq(x.1, *g)).map(|x| x.1.clusters.games).max();
            let own = match g.clusters.effective_trials(g.wins, g.games) {
                Some(n) => deal_wilson(p, n, g.clusters.games),
                None => wilson_interval(g.wins, g.games, Z_95),
            };
            let n_rest = effective_trials_of(p_rest, rest, m_rest, deals);
            // The rest's trials come from a variance estimated over deals unless each deal holds
            // one of its seats (then they are the seat-games, binomial: Korn & Graubard's factor
            // `(t_{m−1}/t_{D−1})²` is 1 with `m = D`), as for a value's own interval.
            let others = match deals {
                Some(d) if (d as f64) < m_rest => deal_wilson(p_rest, n_rest, d),
                _ => wilson_interval_of(p_rest, n_rest, Z_95),
            };
            let (low, high) = mover_difference((p, own), (p_rest, others), rho);
            let z = gap / v0.sqrt();
            (Gap { estimate: p, gap, low: share * low, high: share * high, p: normal_p(z), p_holm: 1.0 }, z)
        })
        .unzip();
    // 0/0 (a value whose seats never vary around the reference, with no gap) adds nothing.
    let statistic: f64 = groups
        .iter()
        .zip(&z)
        .map(|((_, g), z)| if z.is_nan() { 0.0 } else { (1.0 - m(g) / m_all as f64) * z * z })
        .sum();
    adjust(&mut gaps);
    let kind = if fixed { "fair share" } else { "overall rate" };
    // Every value's deviation from the reference was 0 in every deal (z = 0/0): nothing seen.
    let blind = z.iter().all(|z| z.is_nan());
    (kind, r, gaps, chi_square(statistic, groups.len() - 1), blind)
}

/// Shares of a game label's values among `games` finished games (see the module docs); `all`
/// holds the deal clusters of every finished game (`m` the deal's finished games), so that the
/// deals without a value, each adding `(0 − r·m)²`, count in its variance and trials.
fn game_shares(
    groups: &[(&str, &GroupCounts)],
    games: u64,
    all: Option<&Clusters>,
) -> (&'static str, f64, Vec<Gap>, Test) {
    let k = groups.len() as f64;
    let r = 1.0 / k;
    let mut statistic = 0.0;
    let mut gaps: Vec<Gap> = groups
        .iter()
        .map(|(_, g)| {
            let p = g.games as f64 / games as f64;
            // The value's "wins" are the games that ended with it, out of all games: its deal
            // clusters over every deal (a deal without the value has `w = 0`).
            let c = match all {
                Some(a) if a.games > 0 => Clusters { games: a.games, seats_sq: a.seats_sq, ..g.clusters },
                _ => g.clusters,
            };
            let (low, high) = match c.share_trials(g.games, games) {
                Some(n) => deal_wilson(p, n, c.games),
                None => wilson_interval(g.games, games, Z_95),
            };
            let v0 = null_variance(&c, games, g.games, r);
            let z = (p - r) / v0.sqrt();
            statistic += if z.is_nan() { 0.0 } else { (1.0 - r) * z * z };
            Gap { estimate: p, gap: p - r, low: low - r, high: high - r, p: normal_p(z), p_holm: 1.0 }
        })
        .collect();
    adjust(&mut gaps);
    ("equal shares", r, gaps, chi_square(statistic, groups.len() - 1))
}

/// `(n, Σx, Σx²)` of a histogram.
fn moments(h: &Histogram) -> (f64, f64, f64) {
    h.values().fold((0.0, 0.0, 0.0), |(n, s, q), (x, c)| {
        let (x, c) = (x as f64, c as f64);
        (n + c, s + c * x, q + c * x * x)
    })
}

/// `Σ_c (y − center·n)(Y − g·N)` over a value's deals (`n`, `y` its scored seats and their score
/// sum in deal `c`, `N`, `Y` the label's), from its cross sums.
fn score_cross(c: &ScoreClusters, center: f64, g: f64) -> f64 {
    let f = |x: i64| x as f64;
    f(c.score_by_total_score) - g * f(c.score_by_total_seats) - center * f(c.seats_by_total_score)
        + center * g * f(c.seats_by_total_seats)
}

/// Score gaps of a seat label's values and the omnibus chi-square test (see the module docs);
/// every value holds at least two scores.
fn score_gaps(groups: &[(&str, &GroupCounts)]) -> (Test, Vec<Gap>) {
    let m: Vec<(f64, f64, f64)> = groups.iter().map(|(_, g)| moments(&g.score)).collect();
    let (n, s, q) = m.iter().fold((0.0, 0.0, 0.0), |a, x| (a.0 + x.0, a.1 + x.1, a.2 + x.2));
    let grand = s / n;
    let clustered = groups.iter().all(|(_, g)| !g.clusters.scores.is_empty());
    // A value's deals `D`: the fewer of the deals holding the value and those holding the rest
    // (the most of one other value); the linearization variance over them takes `D/(D − 1)` and
    // Student's t on `D − 1` degrees of freedom, as a cross-tab cell's mean score and the versus
    // margin (a normal interval from few deals is too narrow; the label's deals gave a value seen
    // in 3 deals t on 99 degrees of freedom, issue 40).
    let deals_of = |g: &GroupCounts| {
        let rest = groups.iter().filter(|x| !std::ptr::eq(x.1, g)).map(|x| x.1.clusters.games).max().unwrap_or(0);
        g.clusters.games.min(rest)
    };
    // One deal says nothing of the spread: no interval (NaN, written empty) and no test (p = 1),
    // as a one-deal cross-tab cell.
    let small_sample = |v: f64, deals: u64| deal_t_half_width(v, deals).unwrap_or(f64::NAN);
    // `Σ_c (Y − g·N)² / N²` over the label's deals, from every value's cross sums.
    let label_total = groups.iter().map(|(_, g)| score_cross(&g.clusters.scores, grand, grand)).sum::<f64>() / (n * n);
    // Sample variance from the moments.
    let var = |(n, s, q): (f64, f64, f64)| ((q - s * s / n) / (n - 1.0)).max(0.0);
    let (mut gaps, z): (Vec<Gap>, Vec<f64>) = groups
        .iter()
        .zip(&m)
        .map(|((_, g), &(nv, sv, qv))| {
            let mean = sv / nv;
            let gap = mean - grand;
            let (v0, half) = if clustered {
                // The linearization variance of `mean_v − mean` over deals, around `center`.
                let c = &g.clusters.scores;
                let at = |center: f64| {
                    let own = (c.score_sq as f64 - 2.0 * center * c.score_seats as f64
                        + center * center * c.seats_sq as f64)
                        / (nv * nv);
                    (own - 2.0 * score_cross(c, center, grand) / (nv * n) + label_total).max(0.0)
                };
                let v0 = if deals_of(g) < 2 { f64::NAN } else { at(grand) };
                (v0, small_sample(at(mean), deals_of(g)))
            } else {
                // Counts without deal sums: the seats taken as independent observations.
                let rest = (n - nv, s - sv, q - qv);
                let share = rest.0 / n;
                let v = share * share * (var((nv, sv, qv)) / nv + var(rest) / rest.0);
                (v, Z_95 * v.sqrt())
            };
            let z = match v0.is_nan() {
                true => f64::NAN,
                false if gap == 0.0 => 0.0,
                false => gap / v0.sqrt(),
            };
            (Gap { estimate: mean, gap, low: gap - half, high: gap + half, p: normal_p(z), p_holm: 1.0 }, z)
        })
        .unzip();
    adjust(&mut gaps);
    let statistic: f64 = m.iter().zip(&z).map(|(x, z)| if z.is_nan() { 0.0 } else { (1.0 - x.0 / n) * z * z }).sum();
    (chi_square(statistic, m.len() - 1), gaps)
}

/// A p-value as the verdicts write it: `p < 1e-100`, `p = 3.2e-5`, `p = 0.043`.
pub fn p_text(p: f64) -> String {
    if p < 1e-100 {
        "p < 1e-100".into()
    } else if p < 0.001 {
        format!("p = {p:.1e}")
    } else {
        format!("p = {}", significant(p))
    }
}

/// `p` to two significant digits, without trailing zeros: 0.043, 0.5, 1.
fn significant(p: f64) -> String {
    let digits = (2 - 1 - p.log10().floor() as i32).max(0) as usize;
    let s = format!("{p:.digits$}");
    if s.contains('.') { s.trim_end_matches('0').trim_end_matches('.').to_string() } else { s }
}

/// Whether `s` (a formatted number, sign removed) is zero: only `0` and `.`.
fn all_zero(s: &str) -> bool {
    s.chars().all(|c| c == '0' || c == '.')
}

/// A signed number with an ASCII sign, `+6.2`, `-8.1`, as `{x:+.decimals$}` prints it, except
/// that a number that rounds to zero is `+0.0`, never `-0.0` (Elo in tables and CSVs).
pub fn plus_minus(x: f64, decimals: usize) -> String {
    let s = format!("{x:+.decimals$}");
    match s.strip_prefix('-') {
        Some(rest) if all_zero(rest) => format!("+{rest}"),
        _ => s,
    }
}

/// `{x:.decimals$}` (unsigned when positive), except that a number that rounds to zero is
/// `0.000000`, never `-0.000000` (CSV cells).
pub fn no_minus_zero(x: f64, decimals: usize) -> String {
    let s = format!("{x:.decimals$}");
    match s.strip_prefix('-') {
        Some(rest) if all_zero(rest) => rest.to_string(),
        _ => s,
    }
}

/// A signed number with a real minus sign: `+6.2`, `−8.1`; a number that rounds to zero is
/// `0.0`, never `−0.0` ([`plus_minus`] with the typeset sign). Verdicts of balance and compare.
pub fn signed(x: f64, decimals: usize) -> String {
    let s = plus_minus(x, decimals);
    match s.strip_prefix('-') {
        Some(rest) => format!("−{rest}"),
        None => match s.strip_prefix('+') {
            Some(rest) if all_zero(rest) => rest.to_string(),
            _ => s,
        },
    }
}

/// The verdict line of `b`'s win rates (see the module docs), e.g. `seat, 2 players: unequal
/// (p = 2.1e-9); strongest 0 +2.9 pp [+2.0, +3.8]; weakest 1 −2.9 pp [−3.8, −2.0]; 2 of 2
/// values differ from the rest (Holm, 5%)`.
///
/// An outcome label ([`LabelKind::Outcome`]) gets no verdict: its line says so and gives the
/// values with the highest and lowest rate, e.g. `flies, 3 players: outcome label (decided by
/// play), not a balance question; most 0-24 +41.2 pp [+40.1, +42.3]; least 100+ −33.3 pp [−33.4,
/// −33.1]`.
pub fn verdict(b: &LabelBalance) -> String {
    let (high, low) =
        if b.game_label || b.kind == LabelKind::Outcome { ("most", "least") } else { ("strongest", "weakest") };
    let pp = |x: f64| signed(100.0 * x, 1);
    let wins: Vec<Gap> = b.values.iter().map(|v| v.win).collect();
    let cell = |g: &Gap| format!("{} pp [{}, {}]", pp(g.gap), pp(g.low), pp(g.high));
    if b.kind == LabelKind::Outcome {
        let (top, bottom) = extremes(&wins);
        if top == bottom && wins.len() > 1 {
            // Every value has the same gap (the first is both the largest and the smallest): one
            // value named twice said nothing of the others (nc40e N5).
            return format!(
                "{}, {} players: outcome label (decided by play), not a balance question; all {} values {} pp",
                b.label,
                b.players,
                wins.len(),
                pp(wins[top].gap)
            );
        }
        return format!(
            "{}, {} players: outcome label (decided by play), not a balance question; {high} {} {}; {low} {} {}",
            b.label,
            b.players,
            b.values[top].value,
            cell(&wins[top]),
            b.values[bottom].value,
            cell(&wins[bottom])
        );
    }
    if b.blind {
        return format!(
            "{}, {} players: not measurable: every deal gave each value exactly its {} of the wins (as \
             when one bot wins every game under rotation), so this design cannot see a difference \
             (p = 1 says nothing)",
            b.label, b.players, b.reference_kind
        );
    }
    line(b, b.win_test, &wins, (high, low), &cell)
}

/// The verdict line of `b`'s mean scores in `unit` (`higher_is_better` as the game scores),
/// saying which way is better; `None` without scores, and for an outcome label (see
/// [`verdict`]). With two values, the difference of their means, the higher first: `seat, 2
/// players, mean score: unequal (p < 1e-100); seat 0 scores 2.0 victory points more than seat
/// 1 [+1.9, +2.1], more is better; the two values differ (5%)` (the gap's interval over `1 −
/// f_v`, the other value's share of the scores: `gap_v = (1 − f_v)(mean_v − mean_w)`). With
/// more, the best and worst value against the label's mean: `seat, 4 players, mean score:
/// unequal (p = 0.016); best 0 scores 0.4 flies fewer than the mean [−0.7, 0.0]; worst 2
/// scores 0.5 flies more [+0.1, +0.8], fewer is better; 1 of 4 values differs from the rest
/// (Holm, 5%)`.
pub fn score_verdict(b: &LabelBalance, unit: &str, higher_is_better: bool) -> Option<String> {
    let test = b.score_test.filter(|_| b.kind == LabelKind::Setup)?;
    let gaps: Vec<Gap> = b.values.iter().filter_map(|v| v.score).collect();
    let family = b.family.as_ref().and_then(|f| Some((f, f.score_p?)));
    let head = format!("{}, {} players, mean score", b.label, b.players);
    let Some(decided) = decision(test.p, family) else {
        return Some(format!("{head}: no difference found ({})", p_text_family(test.p, family)));
    };
    let (top, bottom) = extremes(&gaps);
    let more = |x: f64| if x >= 0.0 { "more" } else { "fewer" };
    let better = if higher_is_better { "more is better" } else { "fewer is better" };
    let bounds = |l: f64, h: f64| match l.is_nan() {
        true => "[no interval: one deal]".to_string(),
        false => format!("[{}, {}]", signed(l, 1), signed(h, 1)),
    };
    let body = if gaps.len() == 2 {
        let (g, other) = (&gaps[top], &gaps[bottom]);
        let difference = g.estimate - other.estimate;
        // `gap = (1 − f)·difference`: the gap's interval over the same factor.
        let scale = if difference != 0.0 { g.gap / difference } else { 1.0 };
        format!(
            "{label} {} scores {:.1} {unit} more than {label} {} {}, {better}; the two values differ (5%)",
            b.values[top].value,
            difference,
            b.values[bottom].value,
            bounds(g.low / scale, g.high / scale),
            label = b.label,
        )
    } else {
        let (best, worst) = if higher_is_better { (top, bottom) } else { (bottom, top) };
        let (gb, gw) = (&gaps[best], &gaps[worst]);
        format!(
            "best {} scores {:.1} {unit} {} than the mean {}; worst {} scores {:.1} {unit} {} {}, {better}; {}",
            b.values[best].value,
            gb.gap.abs(),
            more(gb.gap),
            bounds(gb.low, gb.high),
            b.values[worst].value,
            gw.gap.abs(),
            more(gw.gap),
            bounds(gw.low, gw.high),
            holm_tail(&gaps),
        )
    };
    Some(format!("{head}: unequal ({}); {body}", decided))
}

/// The verdict's decision: `None` (no difference found) when the label's p-value (`p`, or with
/// a family its family-adjusted one) is [`ALPHA`] or more, else the p-value text.
fn decision(p: f64, family: Option<(&Family, f64)>) -> Option<String> {
    (family.map_or(p, |f| f.1) < ALPHA).then(|| p_text_family(p, family))
}

/// `p = 0.003`, or with a family `p = 0.003; Holm over 12 dealt_* labels: p = 0.036`.
fn p_text_family(p: f64, family: Option<(&Family, f64)>) -> String {
    match family {
        None => p_text(p),
        Some((f, adjusted)) => {
            format!("{}; Holm over {} {}* labels: {}", p_text(p), f.size, f.prefix, p_text(adjusted))
        }
    }
}

/// `the two values differ (5%)` or `3 of 7 values differ from the rest (Holm, 5%)`.
fn holm_tail(gaps: &[Gap]) -> String {
    match gaps.len() {
        2 => "the two values differ (5%)".to_string(),
        k => {
            let n = gaps.iter().filter(|g| g.p_holm < ALPHA).count();
            format!("{n} of {k} values {} from the rest (Holm, 5%)", if n == 1 { "differs" } else { "differ" })
        }
    }
}

/// The indices of the largest and the smallest gap (the first of equal gaps, in value order).
fn extremes(gaps: &[Gap]) -> (usize, usize) {
    let top = (0..gaps.len()).fold(0, |best, i| if gaps[i].gap > gaps[best].gap { i } else { best });
    let bottom = (0..gaps.len()).fold(0, |best, i| if gaps[i].gap < gaps[best].gap { i } else { best });
    (top, bottom)
}

fn line(b: &LabelBalance, test: Test, gaps: &[Gap], names: (&str, &str), cell: &dyn Fn(&Gap) -> String) -> String {
    let head = format!("{}, {} players", b.label, b.players);
    let family = b.family.as_ref().map(|f| (f, f.win_p));
    let Some(decided) = decision(test.p, family) else {
        return format!("{head}: no difference found ({})", p_text_family(test.p, family));
    };
    let (top, bottom) = extremes(gaps);
    // Two values: the omnibus is the one test of the two against each other.
    let tail = holm_tail(gaps);
    format!(
        "{head}: unequal ({decided}); {} {} {}; {} {} {}; {tail}",
        names.0,
        b.values[top].value,
        cell(&gaps[top]),
        names.1,
        b.values[bottom].value,
        cell(&gaps[bottom]),
    )
}

/// One row of `balance.csv`: a value of a label at a player count. Rates are fractions; score
/// columns are empty for game labels and games without scores; the label's tests are repeated
/// on each of its rows.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BalanceRow {
    /// Player count.
    pub players: usize,
    /// Label key.
    pub label: String,
    /// `setup` (fixed before play: the verdicts judge it) or `outcome` (decided by play: no
    /// verdict, its values differ by construction), as the game declares the label.
    pub kind: &'static str,
    /// Label value.
    pub value: String,
    /// Seat-games with the value (for a game label, games that ended with it).
    pub games: u64,
    /// `win_rate`, or `share` for a game label.
    pub measure: &'static str,
    /// The value's win rate (share).
    #[serde(serialize_with = "six")]
    pub rate: f64,
    /// `fair share`, `overall rate` or `equal shares`.
    pub reference_kind: &'static str,
    /// The reference rate.
    #[serde(serialize_with = "six")]
    pub reference: f64,
    /// `rate − reference`.
    #[serde(serialize_with = "six")]
    pub gap: f64,
    /// 95% interval of `gap`, lower bound.
    #[serde(serialize_with = "six")]
    pub gap_low: f64,
    /// 95% interval of `gap`, upper bound.
    #[serde(serialize_with = "six")]
    pub gap_high: f64,
    /// p-value of the value against the rest.
    #[serde(serialize_with = "sci")]
    pub p: f64,
    /// `p`, Holm-adjusted over the label's values.
    #[serde(serialize_with = "sci")]
    pub p_holm: f64,
    /// The label's omnibus chi-square statistic.
    #[serde(serialize_with = "six")]
    pub chi2: f64,
    /// Its degrees of freedom.
    pub chi2_df: usize,
    /// Its p-value.
    #[serde(serialize_with = "sci")]
    pub chi2_p: f64,
    /// `chi2_p`, Holm-adjusted over the label's family (the setup labels of the player count
    /// whose names share the part before the first `_`, e.g. 7 Wonders Duel's 12 `dealt_ID`);
    /// `chi2_p` itself for a label without one. The verdict decides on it.
    #[serde(serialize_with = "sci")]
    pub chi2_p_family: f64,
    /// Mean score of the value's seats.
    pub score_mean: Option<String>,
    /// `score_mean −` the label's mean score.
    pub score_gap: Option<String>,
    /// 95% interval of `score_gap`, lower bound.
    pub score_gap_low: Option<String>,
    /// 95% interval of `score_gap`, upper bound.
    pub score_gap_high: Option<String>,
    /// The two-sided test of the value's mean against the rest (deal clusters).
    pub score_p: Option<String>,
    /// `score_p`, Holm-adjusted.
    pub score_p_holm: Option<String>,
    /// The label's omnibus chi-square statistic for mean scores (degrees of freedom `chi2_df`).
    pub score_chi2: Option<String>,
    /// Its p-value.
    pub score_chi2_p: Option<String>,
    /// `score_chi2_p`, Holm-adjusted over the label's family (as `chi2_p_family`).
    pub score_chi2_p_family: Option<String>,
}

fn six<S: serde::Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(&format_args!("{x:.6}"))
}

fn sci<S: serde::Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(&format_args!("{x:.3e}"))
}

/// The rows of `balance.csv`, one per value of every label in `labels`.
pub fn balance_rows(labels: &[LabelBalance]) -> Vec<BalanceRow> {
    let mut rows = Vec::new();
    for b in labels {
        for v in &b.values {
            let f6 = |x: f64| format!("{x:.6}");
            let e3 = |x: f64| format!("{x:.3e}");
            let sc = |f: &dyn Fn(&Gap) -> String| v.score.as_ref().map(f);
            rows.push(BalanceRow {
                players: b.players,
                label: b.label.clone(),
                kind: b.kind.text(),
                value: v.value.clone(),
                games: v.games,
                measure: if b.game_label { "share" } else { "win_rate" },
                rate: v.win.estimate,
                reference_kind: b.reference_kind,
                reference: b.reference,
                gap: v.win.gap,
                gap_low: v.win.low,
                gap_high: v.win.high,
                p: v.win.p,
                p_holm: v.win.p_holm,
                chi2: b.win_test.statistic,
                chi2_df: b.win_test.df.0 as usize,
                chi2_p: b.win_test.p,
                chi2_p_family: b.family.as_ref().map_or(b.win_test.p, |f| f.win_p),
                score_mean: sc(&|g| f6(g.estimate)),
                score_gap: sc(&|g| f6(g.gap)),
                // No interval (a value seen in one deal): empty, as a cross-tab cell's.
                score_gap_low: sc(&|g| if g.low.is_nan() { String::new() } else { f6(g.low) }),
                score_gap_high: sc(&|g| if g.high.is_nan() { String::new() } else { f6(g.high) }),
                score_p: sc(&|g| e3(g.p)),
                score_p_holm: sc(&|g| e3(g.p_holm)),
                score_chi2: b.score_test.map(|t| f6(t.statistic)),
                score_chi2_p: b.score_test.map(|t| e3(t.p)),
                score_chi2_p_family: b.score_test.map(|t| e3(b.family.as_ref().and_then(|f| f.score_p).unwrap_or(t.p))),
            });
        }
    }
    rows
}

/// Writes `rows` as CSV with a header row.
///
/// # Errors
/// Any I/O error of `out`.
pub fn write_balance<W: Write>(rows: &[BalanceRow], out: W) -> csv::Result<()> {
    super::write_rows(rows, out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::GroupKey;

    fn close(a: f64, b: f64, tol: f64) {
        assert!((a - b).abs() <= tol, "{a} vs {b}");
    }

    /// A seat group of `games` games with one seat each, `wins` of them won, as the tally makes
    /// it without rotation (one trial per game), with the given scores.
    fn seat(games: u64, wins: u64, scores: &[i32]) -> GroupCounts {
        let mut g = GroupCounts { games, wins, ..Default::default() };
        g.clusters = Clusters { games, seats_sq: games, wins_seats: wins, wins_sq: wins, ..Default::default() };
        scores.iter().for_each(|&s| g.add_score(s));
        g
    }

    fn counts(players: usize, groups: Vec<(&str, &str, GroupCounts)>) -> Counts {
        let mut c = Counts::default();
        for (label, value, g) in groups {
            c.groups.insert(GroupKey { players, label: label.into(), value: value.into() }, g);
        }
        c
    }

    #[test]
    fn one_winner_per_game_gives_pearsons_goodness_of_fit_against_the_fair_share() {
        // 100 three-player games won by seats 0, 1, 2 in 50, 30 and 20 of them: X² = Σ(W − 100/3)²
        // / (100/3) = (16.67² + 3.33² + 13.33²) / 33.33 = 14 exactly, df 2, p = e^−7.
        let c = counts(
            3,
            vec![
                ("seat", "0", seat(100, 50, &[])),
                ("seat", "1", seat(100, 30, &[])),
                ("seat", "2", seat(100, 20, &[])),
            ],
        );
        let b = &balance(&c)[0];
        assert_eq!((b.reference_kind, b.reference), ("fair share", 1.0 / 3.0));
        close(b.win_test.statistic, 14.0, 1e-9);
        assert_eq!(b.win_test.df, (2.0, 0.0));
        close(b.win_test.p, (-7.0f64).exp(), 1e-12);
        let s0 = b.values[0].win;
        // Seat 0: +16.67 pp, its Wilson interval [40.38, 59.62] minus 1/3; z = (1/2 − 1/3) /
        // √((1/3)(2/3)/100) = 3.5355, p = erfc(z/√2) = 4.0695e-4, Holm ×3.
        close(s0.gap, 1.0 / 6.0, 1e-12);
        let (lo, hi) = wilson_interval(50, 100, Z_95);
        close(s0.low, lo - 1.0 / 3.0, 1e-12);
        close(s0.high, hi - 1.0 / 3.0, 1e-12);
        close(s0.p, 4.0695e-4, 1e-7);
        close(s0.p_holm, 3.0 * s0.p, 1e-12);
    }

    #[test]
    fn game_label_shares_are_tested_against_equal_shares() {
        // 60 and 40 of 100 games: X² = (10² + 10²) / 50 = 4, df 1, p = 0.0455.
        let mut all = GroupCounts::default();
        (0..100).for_each(|_| all.add_game(10));
        let share = |n: u64| GroupCounts { games: n, ..Default::default() };
        let mut c =
            counts(2, vec![("all", "all", all), ("winner", "north", share(60)), ("winner", "south", share(40))]);
        c.game_labels = vec!["winner".into()];
        c.outcome_labels = vec!["winner".into()];
        let b = &balance(&c)[0];
        assert_eq!((b.reference_kind, b.reference, b.game_label), ("equal shares", 0.5, true));
        close(b.win_test.statistic, 4.0, 1e-9);
        close(b.win_test.p, 0.045_500_263_896_358_4, 1e-12);
        close(b.values[0].win.gap, 0.1, 1e-12);
        assert_eq!(
            verdict(b),
            "winner, 2 players: outcome label (decided by play), not a balance question; most north +10.0 pp [+0.2, \
             +19.1]; least south −10.0 pp [−19.1, −0.2]"
        );
        // One test for two values: no Holm step, and its p-value is the omnibus one.
        for v in &b.values {
            assert_eq!(v.win.p_holm, v.win.p);
            close(v.win.p, 0.045_500_263_896_358_4, 1e-12);
        }
    }

    #[test]
    fn mean_scores_are_tested_over_deal_clusters() {
        // Three two-player games, one per deal: seat 0 scores 1, 2, 3, seat 1 scores 4, 5, 6.
        // Grand mean 3.5; seat 0's gap −1.5. Deal totals Y = 5, 7, 9 (N = 2 each), so
        // Y − 3.5·N = −2, 0, 2; seat 0's y − 2·n = −1, 0, 1 (around its mean 2) and y − 3.5·n =
        // −2.5, −1.5, −0.5 (around the grand mean). V = Σ((y − 2)/3 − (Y − 7)/6)² = Σ(0, 0, 0)
        // = 0; V₀ = Σ((y − 3.5)/3 − (Y − 7)/6)² = (−0.5 ² + −0.5 ² + −0.5 ²) = 0.75 → z = −1.5 /
        // √0.75 = −√3, p = 0.08326; X² = ½·3 + ½·3 = 3 on 1 df, p = 0.08326.
        let mut c = counts(2, vec![("seat", "0", seat(3, 1, &[1, 2, 3])), ("seat", "1", seat(3, 2, &[4, 5, 6]))]);
        for (value, ys) in [("0", [1, 2, 3]), ("1", [4, 5, 6])] {
            let g = c.groups.get_mut(&GroupKey { players: 2, label: "seat".into(), value: value.into() }).unwrap();
            (0..3).for_each(|d| g.clusters.scores.add(1, ys[d], 2, [5, 7, 9][d]));
        }
        let b = &balance(&c)[0];
        let t = b.score_test.unwrap();
        assert_eq!(t.df, (1.0, 0.0));
        close(t.statistic, 3.0, 1e-9);
        close(t.p, 0.083_264_516_663_550_1, 1e-9);
        let s0 = b.values[0].score.unwrap();
        close(s0.gap, -1.5, 1e-12);
        close(s0.high - s0.gap, 0.0, 1e-12);
        close(s0.p, t.p, 1e-9);
        assert_eq!(
            score_verdict(b, "points", true).unwrap(),
            "seat, 2 players, mean score: no difference found (p = 0.083)"
        );
        // Without the deal sums (older counts): seats as independent, `z · ½ · √(1/3 + 1/3)`.
        let c = counts(2, vec![("seat", "0", seat(3, 1, &[1, 2, 3])), ("seat", "1", seat(3, 2, &[4, 5, 6]))]);
        let s0 = balance(&c)[0].values[0].score.unwrap();
        close(s0.high - s0.gap, Z_95 * 0.5 * (2.0f64 / 3.0).sqrt(), 1e-12);
    }

    /// G3: a mean-score gap over few deals takes Student's t on `D − 1` degrees of freedom and
    /// the variance times `D/(D − 1)`, not the normal interval. Seat 0 scores 1, 2, 6 and seat 1
    /// 4, 5, 3 in three two-player deals: grand mean 3.5, seat 0's mean 3, gap −0.5; deal totals
    /// Y = 5, 7, 9 (N = 2); `(y − 3)/3 − (Y − 7)/6` = −1/3, −1/3, 2/3, so V = 6/9 = 2/3 and the
    /// half-width is t₂ · √(2/3 · 3/2) = t₂ = 4.303.
    #[test]
    fn a_mean_score_gap_over_few_deals_has_a_t_interval() {
        use statrs::distribution::{ContinuousCDF, StudentsT};
        let mut c = counts(2, vec![("seat", "0", seat(3, 1, &[1, 2, 6])), ("seat", "1", seat(3, 2, &[4, 5, 3]))]);
        for (value, ys) in [("0", [1, 2, 6]), ("1", [4, 5, 3])] {
            let g = c.groups.get_mut(&GroupKey { players: 2, label: "seat".into(), value: value.into() }).unwrap();
            (0..3).for_each(|d| g.clusters.scores.add(1, ys[d], 2, [5, 7, 9][d]));
        }
        let s0 = balance(&c)[0].values[0].score.unwrap();
        let t2 = StudentsT::new(0.0, 1.0, 2.0).unwrap().inverse_cdf(0.975);
        close(s0.gap, -0.5, 1e-12);
        close(s0.high - s0.gap, t2, 1e-6);
        close(s0.gap - s0.low, t2, 1e-6);
    }

    /// H2 (issue 40): a value seen in few deals takes Student's t on its own deals: two-seat
    /// deals, values a and b in deals 0–9, a and c in deals 10–12; c's gap (3 deals) takes t on 2
    /// degrees of freedom and `D/(D − 1)` = 3/2, not the label's 13 deals.
    #[test]
    fn a_rare_value_score_gap_takes_t_on_its_own_deals() {
        use statrs::distribution::{ContinuousCDF, StudentsT};
        let ya = [5, 6, 7, 8, 9, 4, 5, 6, 7, 8, 6, 7, 5];
        let yb = [4, 5, 6, 7, 3, 4, 5, 6, 7, 8];
        let yc = [1, 2, 6];
        let mut c = counts(
            2,
            vec![("seat", "a", seat(13, 6, &ya)), ("seat", "b", seat(10, 5, &yb)), ("seat", "c", seat(3, 2, &yc))],
        );
        // Deal d's other seat and its score.
        let other = |d: usize| if d < 10 { yb[d] } else { yc[d - 10] };
        for (value, deals) in [("a", 0..13), ("b", 0..10), ("c", 10..13)] {
            let g = c.groups.get_mut(&GroupKey { players: 2, label: "seat".into(), value: value.into() }).unwrap();
            for d in deals {
                let y = match value {
                    "a" => ya[d],
                    "b" => yb[d],
                    _ => yc[d - 10],
                };
                g.clusters.scores.add(1, i64::from(y), 2, i64::from(ya[d] + other(d)));
            }
        }
        let gap = balance(&c)[0].values[2].score.unwrap();
        // Σ_deals ((y − mean_c·n)/N_c − (Y − mean·N)/ΣN)² over the label's 13 deals.
        let total: i32 = ya.iter().chain(&yb).chain(&yc).sum();
        let (grand, mean_c) = (f64::from(total) / 26.0, f64::from(yc.iter().sum::<i32>()) / 3.0);
        let v: f64 = (0..13)
            .map(|d| {
                let own = if d >= 10 { (f64::from(yc[d - 10]) - mean_c) / 3.0 } else { 0.0 };
                own - (f64::from(ya[d] + other(d)) - 2.0 * grand) / 26.0
            })
            .map(|x| x * x)
            .sum();
        let t2 = StudentsT::new(0.0, 1.0, 2.0).unwrap().inverse_cdf(0.975);
        close(gap.gap, mean_c - grand, 1e-12);
        close(gap.high - gap.gap, t2 * (v * 1.5).sqrt(), 1e-9);
    }

    /// A value seen in one deal gets no score interval and no test: values a and b share deals
    /// 0–9 (one seat each), c holds both seats of deal 10 (scores 3 and 8). Before, its
    /// half-width fell back to a normal interval from the one deal (stats-10: a 7 Wonders
    /// Architects pilot's Giza gap narrowed from [−22.6, +2.9] to [−14.6, −5.1]).
    #[test]
    fn a_value_seen_in_one_deal_gets_no_score_interval() {
        let ya = [5, 6, 7, 8, 9, 4, 5, 6, 7, 8];
        let yb = [4, 5, 6, 7, 3, 4, 5, 6, 7, 8];
        let mut c = counts(
            2,
            vec![("seat", "a", seat(10, 6, &ya)), ("seat", "b", seat(10, 4, &yb)), ("seat", "c", seat(1, 1, &[3, 8]))],
        );
        for (value, ys) in [("a", &ya), ("b", &yb)] {
            let g = c.groups.get_mut(&GroupKey { players: 2, label: "seat".into(), value: value.into() }).unwrap();
            (0..10).for_each(|d| g.clusters.scores.add(1, i64::from(ys[d]), 2, i64::from(ya[d] + yb[d])));
        }
        let g = c.groups.get_mut(&GroupKey { players: 2, label: "seat".into(), value: "c".into() }).unwrap();
        g.clusters.scores.add(2, 11, 2, 11);
        let labels = balance(&c);
        let gc = labels[0].values[2].score.unwrap();
        let grand = f64::from(ya.iter().chain(&yb).sum::<i32>() + 11) / 22.0;
        close(gc.gap, 5.5 - grand, 1e-12);
        assert!(gc.low.is_nan() && gc.high.is_nan(), "{gc:?}");
        assert_eq!(gc.p, 1.0);
        let ga = labels[0].values[0].score.unwrap();
        assert!(ga.low.is_finite() && ga.high.is_finite(), "{ga:?}");
        let row = &balance_rows(&labels)[2];
        assert_eq!((row.score_gap_low.as_deref(), row.score_gap_high.as_deref()), (Some(""), Some("")));
    }

    #[test]
    fn holm_multiplies_the_ordered_p_values_and_keeps_them_monotone() {
        assert_eq!(holm(&[0.01, 0.04, 0.03]), vec![0.03, 0.06, 0.06]);
        assert_eq!(holm(&[0.5, 0.9]), vec![1.0, 1.0]);
    }

    #[test]
    fn p_values_are_written_for_a_reader() {
        assert_eq!(
            [p_text(0.0), p_text(3.2e-101), p_text(3.21e-5), p_text(0.0434), p_text(0.5), p_text(1.0)],
            ["p < 1e-100", "p < 1e-100", "p = 3.2e-5", "p = 0.043", "p = 0.5", "p = 1"]
        );
    }

    /// One simulated tournament's counts at `players` seats: `deals` deals of `per_deal` games;
    /// `winners(rng, deal_state)` gives each game's winning seats and `seat_values[s]` the label
    /// value of seat `s`. Counted as the tally counts them: a value's seat-games and wins, one
    /// cluster per deal (`m` its seats in the deal, `w` their wins), scores from `score`.
    struct Sim<'a> {
        players: usize,
        deals: usize,
        per_deal: usize,
        seat_values: &'a [&'a str],
        /// Scores: `10` for a win plus a normal deal effect (sd 8, shared by the deal's seats)
        /// and a normal seat noise (sd 4), rounded.
        scored: bool,
    }

    /// A standard normal draw (Box–Muller).
    fn normal(rng: &mut crate::game::GameRng) -> f64 {
        use rand::RngExt;
        let (u, v): (f64, f64) = (1.0 - rng.random::<f64>(), rng.random());
        (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
    }

    impl Sim<'_> {
        fn counts(
            &self,
            rng: &mut crate::game::GameRng,
            mut deal: impl FnMut(&mut crate::game::GameRng) -> Box<dyn Fn(&mut crate::game::GameRng) -> Vec<bool>>,
        ) -> Counts {
            use std::collections::BTreeMap;
            let mut groups: BTreeMap<&str, GroupCounts> = BTreeMap::new();
            for _ in 0..self.deals {
                let game = deal(rng);
                let effect = 8.0 * normal(rng);
                let mut sums: BTreeMap<&str, (u64, u64)> = BTreeMap::new();
                let mut score_sums: BTreeMap<&str, (i64, i64)> = BTreeMap::new();
                for _ in 0..self.per_deal {
                    let won = game(rng);
                    for (s, &v) in self.seat_values.iter().enumerate() {
                        let g = groups.entry(v).or_default();
                        g.games += 1;
                        g.wins += u64::from(won[s]);
                        if self.scored {
                            let y = (10.0 * f64::from(u8::from(won[s])) + effect + 4.0 * normal(rng)).round() as i32;
                            g.add_score(y);
                            let e = score_sums.entry(v).or_default();
                            *e = (e.0 + 1, e.1 + i64::from(y));
                        }
                        let e = sums.entry(v).or_default();
                        *e = (e.0 + 1, e.1 + u64::from(won[s]));
                    }
                }
                let (tm, tw) = sums.values().fold((0, 0), |t, x| (t.0 + x.0, t.1 + x.1));
                sums.into_iter().for_each(|(v, (m, w))| groups.get_mut(v).unwrap().clusters.add_in(m, w, tm, tw));
                let (tn, ty) = score_sums.values().fold((0, 0), |t, x| (t.0 + x.0, t.1 + x.1));
                for (v, (n, y)) in score_sums {
                    groups.get_mut(v).unwrap().clusters.scores.add(n, y, tn, ty);
                }
            }
            counts(self.players, groups.into_iter().map(|(v, g)| ("role", v, g)).collect())
        }
    }

    /// Coverage on simulated data with a known truth (issue 40, item 8): in 1,000 simulated
    /// tournaments each, the 95% intervals of the balance gaps hold the true gap 93–97% of the
    /// time, (a) against the fair share: three seats with true win rates 40%, 33.3% and 26.7%,
    /// 100 deals of 3 rotated games each, the deal shifting the rates by ±10 pp towards one
    /// seat (so the games of a deal are correlated, and the deal is the unit); (b) against the
    /// overall rate: four seats, roles `a`, `b`, `b`, `c`, the two `b` seats winning together,
    /// teams winning 30%, 45% and 25% of 400 independent games (true gaps `p_v − Σ m_v p_v /
    /// Σ m_v`). Coverage is counted over every value of every tournament; a few seconds.
    /// One simulated game of a deal: which seats won, drawn from the rng.
    type SimGame = Box<dyn Fn(&mut crate::game::GameRng) -> Vec<bool>>;

    /// A deal of the 3-seat coverage tests: one seat drawn at random plays 0.1 above its base
    /// rate `p[s]` (the others 0.05 below), one winner per game.
    fn hot_seat_deal(p: [f64; 3]) -> impl FnMut(&mut crate::game::GameRng) -> SimGame {
        use rand::RngExt;
        move |rng| {
            let hot = rng.random_range(0..3usize);
            let q: Vec<f64> = (0..3).map(|s| p[s] + 0.1 * (f64::from(u8::from(s == hot)) - 1.0 / 3.0)).collect();
            Box::new(move |rng| {
                let x = rng.random::<f64>();
                let w = if x < q[0] {
                    0
                } else if x < q[0] + q[1] {
                    1
                } else {
                    2
                };
                (0..3).map(|s| s == w).collect()
            })
        }
    }

    #[test]
    fn balance_gaps_cover_the_truth_95_percent_of_the_time() {
        use rand::RngExt;
        let mut rng = crate::game::rng_from_seed(4040);
        let runs = 1000;
        // (a) Fair share, rotated deals.
        let p = [0.4, 1.0 / 3.0, 0.8 / 3.0];
        let seats = Sim { players: 3, deals: 100, per_deal: 3, seat_values: &["0", "1", "2"], scored: true };
        let (mut hits, mut total, mut score_hits) = (0, 0, 0);
        for _ in 0..runs {
            let c = seats.counts(&mut rng, hot_seat_deal(p));
            let b = &balance(&c)[0];
            assert_eq!(b.reference_kind, "fair share");
            for (v, truth) in b.values.iter().zip(p.map(|x| x - 1.0 / 3.0)) {
                hits += u32::from(v.win.low <= truth && truth <= v.win.high);
                total += 1;
                // The score gap's truth: 10 points per win, the deal effect averaging out.
                let s = v.score.unwrap();
                score_hits += u32::from(s.low <= 10.0 * truth && 10.0 * truth <= s.high);
            }
        }
        let fair = f64::from(hits) / f64::from(total);
        let scores = f64::from(score_hits) / f64::from(total);
        // (b) Overall rate, team wins, independent games; (c)–(e) the same with a team that
        // never wins, nearly never wins, and nearly always wins.
        // Coverage of the values in `focus` (indices of `a`, `b`, `c`).
        let mut overall_coverage = |team: [f64; 3], games: usize, focus: &[usize]| {
            let r = (team[0] + 2.0 * team[1] + team[2]) / 4.0;
            let roles =
                Sim { players: 4, deals: games, per_deal: 1, seat_values: &["a", "b", "b", "c"], scored: false };
            let (mut hits, mut total) = (0, 0);
            for _ in 0..runs {
                let c = roles.counts(&mut rng, |_| {
                    Box::new(move |rng| {
                        let x = rng.random::<f64>();
                        let w = if x < team[0] {
                            0
                        } else if x < team[0] + team[1] {
                            1
                        } else {
                            2
                        };
                        [0, 1, 1, 2].iter().map(|&t| t == w).collect()
                    })
                });
                let b = &balance(&c)[0];
                assert_eq!(b.reference_kind, "overall rate");
                for v in &b.values {
                    let t = ["a", "b", "c"].iter().position(|&x| x == v.value).unwrap();
                    if focus.contains(&t) {
                        let truth = team[t] - r;
                        hits += u32::from(v.win.low <= truth && truth <= v.win.high);
                        total += 1;
                    }
                }
            }
            f64::from(hits) / f64::from(total)
        };
        let overall = overall_coverage([0.3, 0.45, 0.25], 400, &[0, 1, 2]);
        // The value at the edge alone (`a`; in (e) every value: `b` near 1, `a` and `c` near 0).
        let never = overall_coverage([0.0, 0.6, 0.4], 400, &[0]);
        let rarely = overall_coverage([0.01, 0.59, 0.4], 200, &[0]);
        let mostly = overall_coverage([0.01, 0.98, 0.01], 400, &[0, 1, 2]);
        eprintln!(
            "balance gap coverage: fair share {fair:.3}, overall rate {overall:.3}, mean score {scores:.3}; \
             against the overall rate, a team that never wins {never:.3}, wins 1% {rarely:.3}, two seats winning 98% {mostly:.3}"
        );
        assert!((0.93..=0.97).contains(&fair), "fair-share gap coverage {fair}");
        assert!((0.93..=0.97).contains(&overall), "overall-rate gap coverage {overall}");
        assert!((0.93..=0.97).contains(&scores), "mean-score gap coverage {scores}");
        assert!((0.93..=0.97).contains(&never), "coverage of a value that never wins {never}");
        assert!((0.93..=0.97).contains(&rarely), "coverage of a value that wins 1% {rarely}");
        assert!((0.93..=0.97).contains(&mostly), "coverage of a value that wins 98% {mostly}");
    }

    /// A value that never wins, against the overall rate (issue 40): 20 two-seat games (deals),
    /// one seat `x` and one seat `y` in each; `y` wins 8 games, `x` none, nobody the other 12.
    /// `r = 8/40 = 0.2`, `x`'s gap `0 − 0.2 = ½(0 − 0.4)`. Wilson intervals (one seat per deal,
    /// so over the 20 games): `0/20` → `[0, z²/(20 + z²)] = [0, 0.161125]`, `8/20` → `[0.218807,
    /// 0.613418]`; `ρ = 0` (`x` does not vary). MOVER: `L = ½(−0.4 − (0.613418 − 0.4)) =
    /// −0.306709`, `U = ½(−0.4 + √(0.161125² + (0.4 − 0.218807)²)) = −0.078764`; `y` mirrors it.
    /// The Wald interval of the linearization variance had only the overall rate's spread here,
    /// `−0.2 ± 1.96·√0.003 = [−0.307, −0.093]` (and a width near 0 with many more games).
    #[test]
    fn a_value_that_never_wins_gets_a_wilson_type_interval_against_the_overall_rate() {
        let (mut x, mut y) =
            (GroupCounts { games: 20, ..Default::default() }, GroupCounts { games: 20, wins: 8, ..Default::default() });
        for d in 0..20 {
            let w = u64::from(d < 8);
            x.clusters.add_in(1, 0, 2, w);
            y.clusters.add_in(1, w, 2, w);
        }
        let all = balance(&counts(2, vec![("role", "x", x), ("role", "y", y)]));
        let b = &all[0];
        assert_eq!((b.reference_kind, b.reference), ("overall rate", 0.2));
        let (gx, gy) = (b.values[0].win, b.values[1].win);
        close(gx.gap, -0.2, 1e-15);
        close(gx.low, -0.306_709_249_618_873_4, 1e-12);
        close(gx.high, -0.078_764_290_256_223_39, 1e-12);
        close(gy.gap, 0.2, 1e-15);
        close(gy.low, 0.078_764_290_256_223_39, 1e-12);
        close(gy.high, 0.306_709_249_618_873_4, 1e-12);
    }

    /// H1 (issue 40, nc40d): a seat's gap to the fair share over few deals takes Korn &
    /// Graubard's factor. Two seats rotated over 3 deals of 2 games; seat 0 wins 2, 2 and 0 of
    /// its 2 games (4 of 6), seat 1 the rest. Effective trials `W(n − W)n² / (n²Σw² − 2nWΣwm +
    /// W²Σm²) = 4·2·36 / (36·8 − 2·6·4·8 + 16·12) = 288/96 = 3`; `t_2 = (2α − 1)·√(2/(4α(1 −
    /// α))) = 4.302653` at `α = 0.975`, so `3·(1.959964/4.302653)² = 0.622508` trials, and
    /// Wilson(2/3, 0.622508) − ½ = `[−0.436979, +0.483463]` (Python, double precision; without
    /// the factor Wilson(2/3, 3) − ½ = `[−0.292340, +0.438508]`).
    #[test]
    fn a_seat_gap_over_few_deals_takes_the_korn_graubard_factor() {
        let seat = |wins: [u64; 3]| {
            let mut g = GroupCounts { games: 6, wins: wins.iter().sum(), ..Default::default() };
            wins.iter().for_each(|&w| g.clusters.add_in(2, w, 4, 2));
            g
        };
        let b = &balance(&counts(2, vec![("seat", "0", seat([2, 2, 0])), ("seat", "1", seat([0, 0, 2]))]))[0];
        assert_eq!(b.reference_kind, "fair share");
        let g = b.values[0].win;
        close(g.gap, 2.0 / 3.0 - 0.5, 1e-15);
        close(g.low, -0.436_979_293_474_529_1, 1e-9);
        close(g.high, 0.483_463_202_890_500_6, 1e-9);
    }

    /// H1 (issue 40, nc40d): coverage at 10 deals, the fair-share case of
    /// [`balance_gaps_cover_the_truth_95_percent_of_the_time`] with 10 deals in place of 100:
    /// the effective trials estimated from 10 deals need Korn & Graubard's factor.
    #[test]
    fn balance_gaps_over_10_deals_cover_the_truth() {
        let mut rng = crate::game::rng_from_seed(4041);
        let p = [0.4, 1.0 / 3.0, 0.8 / 3.0];
        let seats = Sim { players: 3, deals: 10, per_deal: 3, seat_values: &["0", "1", "2"], scored: false };
        let (mut hits, mut total) = (0u32, 0u32);
        for _ in 0..1000 {
            let c = seats.counts(&mut rng, hot_seat_deal(p));
            let b = &balance(&c)[0];
            for (v, truth) in b.values.iter().zip(p.map(|x| x - 1.0 / 3.0)) {
                hits += u32::from(v.win.low <= truth && truth <= v.win.high);
                total += 1;
            }
        }
        let coverage = f64::from(hits) / f64::from(total);
        eprintln!("balance gap coverage at 10 deals: {coverage:.3}");
        assert!((0.93..=0.97).contains(&coverage), "coverage {coverage} at 10 deals");
    }

    #[test]
    fn mover_with_no_correlation_is_newcombes_hybrid_score_interval() {
        // Newcombe (1998), Table II, example (a): 56/70 − 48/80, method 10: [0.0524, 0.3339].
        let (a, b) = (wilson_interval(56, 70, Z_95), wilson_interval(48, 80, Z_95));
        let (low, high) = mover_difference((0.8, a), (0.6, b), 0.0);
        assert_eq!(((low * 1e4).round() / 1e4, (high * 1e4).round() / 1e4), (0.0524, 0.3339));
    }

    /// An outcome label (decided by play) gets a line that describes it and no verdict, and
    /// `balance.csv` marks it; a setup label with the same counts gets its verdict. 50/100 and
    /// 20/100 wins, no deal sums (values independent, `ρ = 0`): gap `½(0.5 − 0.2) = +15 pp`,
    /// Wilson `[0.4038, 0.5962]` and `[0.1333, 0.2888]`, so `½(0.3 − √(0.0962² + 0.0888²)) =
    /// 0.0845` and `½(0.3 + √(0.0962² + 0.0667²)) = 0.2085`.
    #[test]
    fn an_outcome_label_gets_no_unequal_verdict_and_a_setup_label_still_does() {
        let groups = |label| vec![(label, "a", seat(100, 50, &[1, 2])), (label, "b", seat(100, 20, &[1, 2]))];
        let mut c = counts(2, [groups("result"), groups("seat")].concat());
        c.outcome_labels = vec!["result".into()];
        let all = balance(&c);
        let (seat, result) = (&all[0], &all[1]);
        assert_eq!((seat.label.as_str(), seat.kind, result.kind), ("seat", LabelKind::Setup, LabelKind::Outcome));
        assert_eq!(
            verdict(result),
            "result, 2 players: outcome label (decided by play), not a balance question; most a +15.0 pp [+8.5, \
             +20.8]; least b −15.0 pp [−20.8, −8.5]"
        );
        assert!(verdict(seat).starts_with("seat, 2 players: unequal (p = "), "{}", verdict(seat));
        assert_eq!(score_verdict(result, "points", true), None);
        assert!(score_verdict(seat, "points", true).is_some());
        let rows = balance_rows(&all);
        let kinds: Vec<(&str, &str)> = rows.iter().map(|r| (r.label.as_str(), r.kind)).collect();
        assert_eq!(kinds, [("seat", "setup"), ("seat", "setup"), ("result", "outcome"), ("result", "outcome")]);
    }

    /// A setup game label (7 Wonders Duel's `first_player` under `first_player = "random"`) gets
    /// no share verdict: its shares of games only show how the coin fell. It has no rows in
    /// `balance.csv`; its line gives the shares and where its win rates are.
    #[test]
    fn a_setup_game_label_gets_no_share_verdict_only_its_shares() {
        let mut all = GroupCounts::default();
        (0..1000).for_each(|_| all.add_game(10));
        let share = |n: u64| GroupCounts { games: n, ..Default::default() };
        let mut c =
            counts(2, vec![("all", "all", all), ("first_player", "0", share(503)), ("first_player", "1", share(497))]);
        c.game_labels = vec!["first_player".into()];
        assert_eq!(balance(&c), []);
        assert_eq!(
            setup_game_lines(&c),
            ["first_player, 2 players: setup game label, no verdict (its shares of games are the setup's draw: 0 \
              50.3%, 1 49.7%); win rates by value and seat: meeple report DIR --by first_player,seat"]
        );
        c.outcome_labels = vec!["first_player".into()];
        assert_eq!((balance(&c).len(), setup_game_lines(&c).len()), (1, 0), "an outcome game label keeps its row");
    }

    /// Labels of one family (names sharing the part before the first `_`, 7 Wonders Duel's
    /// `dealt_ID`) are Holm-adjusted together: `dealt_a` won 60 of 100 seat-games with `yes` and
    /// 40 with `no` (`X² = 4`, p = 0.0455), `dealt_b` and `dealt_c` 50 and 50 (p = 1); over the
    /// family `dealt_a`'s p is `3 × 0.0455 = 0.1365`: no difference found, where the same counts
    /// as a label of its own (`seat`) are unequal.
    #[test]
    fn labels_of_one_family_are_holm_adjusted_together() {
        let two = |label, yes| vec![(label, "yes", seat(100, yes, &[])), (label, "no", seat(100, 100 - yes, &[]))];
        let c = counts(2, [two("seat", 60), two("dealt_a", 60), two("dealt_b", 50), two("dealt_c", 50)].concat());
        let all = balance(&c);
        let labels: Vec<&str> = all.iter().map(|b| b.label.as_str()).collect();
        assert_eq!(labels, ["seat", "dealt_a", "dealt_b", "dealt_c"]);
        let a = &all[1];
        close(a.win_test.p, 0.045_500_263_896_358_4, 1e-12);
        let f = a.family.as_ref().unwrap();
        assert_eq!((f.prefix.as_str(), f.size), ("dealt_", 3));
        close(f.win_p, 3.0 * 0.045_500_263_896_358_4, 1e-12);
        assert_eq!(all[2].family.as_ref().unwrap().win_p, 1.0);
        assert_eq!(all[0].family, None);
        assert_eq!(
            verdict(a),
            "dealt_a, 2 players: no difference found (p = 0.046; Holm over 3 dealt_* labels: p = 0.14)"
        );
        assert!(verdict(&all[0]).starts_with("seat, 2 players: unequal (p = 0.046); strongest yes +10.0 pp"));
        let rows = balance_rows(&all);
        let family: Vec<String> = rows.iter().map(|r| format!("{:.4}", r.chi2_p_family)).collect();
        assert_eq!(family, ["0.0455", "0.0455", "0.1365", "0.1365", "1.0000", "1.0000", "1.0000", "1.0000"]);
    }

    /// A mean-score verdict says which value scores more and which way is better. Two values,
    /// seats as independent (no deal sums): seat 0 scores 1–5 (mean 3), seat 1 5–9 (mean 7);
    /// `gap_1 = ½(7 − 3) = 2`, `V = ¼(2.5/5 + 2.5/5) = 0.25`, so `[2 ± 1.96·0.5]`, over `½`:
    /// the difference 4.0 [2.04, 5.96]; `X² = 16`, p = 6.3e-5. Three values (1–5, 5–9, 3–7 at 3
    /// players): gaps −2, +2, 0, `V = (2/3)²(2.5/5 + (30/9)/10) = 0.37037`, so `−2 ± 1.1928`;
    /// `z = ±3.2863`, p = 0.001015 (Holm ×3: 0.003045, both below 5%), `X² = 14.4`, p = 7.5e-4.
    #[test]
    fn a_mean_score_verdict_says_which_value_scores_more_and_which_way_is_better() {
        let c =
            counts(2, vec![("seat", "0", seat(5, 0, &[1, 2, 3, 4, 5])), ("seat", "1", seat(5, 5, &[5, 6, 7, 8, 9]))]);
        let b = &balance(&c)[0];
        assert_eq!(
            score_verdict(b, "flies", false).unwrap(),
            "seat, 2 players, mean score: unequal (p = 6.3e-5); seat 1 scores 4.0 flies more than seat 0 [+2.0, \
             +6.0], fewer is better; the two values differ (5%)"
        );
        let c = counts(
            3,
            vec![
                ("seat", "0", seat(5, 1, &[1, 2, 3, 4, 5])),
                ("seat", "1", seat(5, 2, &[5, 6, 7, 8, 9])),
                ("seat", "2", seat(5, 2, &[3, 4, 5, 6, 7])),
            ],
        );
        let b = &balance(&c)[0];
        close(b.values[0].score.unwrap().low, -3.192_796_095_811_438, 1e-9);
        close(b.values[0].score.unwrap().p_holm, 0.003_045_002_841_339_209, 1e-12);
        assert_eq!(
            score_verdict(b, "flies", false).unwrap(),
            "seat, 3 players, mean score: unequal (p = 7.5e-4); best 0 scores 2.0 flies fewer than the mean [−3.2, \
             −0.8]; worst 1 scores 2.0 flies more [+0.8, +3.2], fewer is better; 2 of 3 values differ from the rest \
             (Holm, 5%)"
        );
        assert_eq!(
            score_verdict(b, "points", true).unwrap(),
            "seat, 3 players, mean score: unequal (p = 7.5e-4); best 1 scores 2.0 points more than the mean [+0.8, \
             +3.2]; worst 0 scores 2.0 points fewer [−3.2, −0.8], more is better; 2 of 3 values differ from the rest \
             (Holm, 5%)"
        );
    }

    #[test]
    fn signed_numbers_never_print_minus_zero() {
        assert_eq!(
            [signed(-0.04, 1), signed(0.04, 1), signed(-0.0, 1), signed(-0.06, 1), signed(0.06, 1), signed(-6.2, 1)],
            ["0.0", "0.0", "0.0", "−0.1", "+0.1", "−6.2"]
        );
        assert_eq!(
            [
                plus_minus(-0.0, 1),
                plus_minus(-0.04, 1),
                plus_minus(0.04, 1),
                plus_minus(-0.06, 1),
                plus_minus(-111.3, 1)
            ],
            ["+0.0", "+0.0", "+0.0", "-0.1", "-111.3"]
        );
        assert_eq!(
            [no_minus_zero(-0.0, 6), no_minus_zero(-1e-9, 6), no_minus_zero(-0.5, 6), no_minus_zero(0.25, 6)],
            ["0.000000", "0.000000", "-0.500000", "0.250000"]
        );
    }

    #[test]
    fn a_seat_that_wins_its_share_in_every_deal_is_not_measurable_and_has_an_interval() {
        // Two seats rotated over 10 deals of 2 games; one bot wins every game, so each seat wins
        // exactly one game of each deal (nc40 F1: gap 0 [0, 0] and "no difference found (p = 1)").
        let seat = || {
            let mut g = GroupCounts { games: 20, wins: 10, ..Default::default() };
            (0..10).for_each(|_| g.clusters.add_in(2, 1, 4, 2));
            g
        };
        let b = &balance(&counts(2, vec![("seat", "0", seat()), ("seat", "1", seat())]))[0];
        assert!(b.blind);
        let g = b.values[0].win;
        assert!(g.low < -0.2 && g.high > 0.2, "{g:?}: Wilson over the 10 deals, not a point");
        let line = verdict(b);
        assert!(line.starts_with("seat, 2 players: not measurable:"), "{line}");
    }

    /// N1 (issue 40, nc40e): `play --game bang --players 4 --bots greedy,random --games 24 --seed 9`
    /// (6 deals of 4 rotated games, draws none, team wins so the reference is the overall rate
    /// 36/96 = 0.375). Seat 3 wins 2, 1, 3, 2, 2, 2 of its 4 games per deal (12 of 24), seats
    /// 0–2 together exactly 4 of their 12 in every deal, so the rest's variance over deals is 0
    /// and its trials fall back to the 6 deals. By hand (Python, double precision): seat 3's
    /// effective trials `12·12·24² / (24²·26 − 2·24·12·48 + 12²·96) = 72`, times Korn &
    /// Graubard's `(1.959964/t₅)² = (1.959964/2.570582)² = 0.581344`: 41.857, Wilson(0.5) =
    /// [0.355033, 0.644967]; the rest's 6 deals × 0.581344 = 3.488 trials, Wilson(1/3) =
    /// [0.068408, 0.772961]; `ρ = 0`; MOVER times `1 − f_v = 72/96`: `0.75·(1/6 − √(0.144967² +
    /// 0.439627²))` = −0.222184 and `0.75·(1/6 + √(0.144967² + 0.264925²))` = +0.351496. Before
    /// the fix the rest's variance was rounding noise and the gap read [+0.016275, +0.233725].
    #[test]
    fn a_rest_that_wins_at_the_same_rate_in_every_deal_falls_back_to_the_deals() {
        let wins: [[u64; 4]; 6] = [[2, 0, 2, 2], [1, 3, 0, 1], [1, 0, 3, 3], [2, 0, 2, 2], [2, 1, 1, 2], [2, 1, 1, 2]];
        let seat = |s: usize| {
            let mut g = GroupCounts { games: 24, wins: wins.iter().map(|d| d[s]).sum(), ..Default::default() };
            wins.iter().for_each(|d| g.clusters.add_in(4, d[s], 16, d.iter().sum()));
            g
        };
        let c = counts(
            4,
            vec![("seat", "0", seat(0)), ("seat", "1", seat(1)), ("seat", "2", seat(2)), ("seat", "3", seat(3))],
        );
        let b = &balance(&c)[0];
        assert_eq!((b.reference_kind, b.reference), ("overall rate", 0.375));
        let g = b.values[3].win;
        close(g.gap, 0.125, 1e-15);
        close(g.low, -0.222_184_181_479_030_07, 1e-9);
        close(g.high, 0.351_495_815_641_555_63, 1e-9);
    }

    /// N2 (issue 40, nc40e): a game label's share that was the same in every deal (3 deals of 4
    /// rotated games, 2 of each deal ending in 4 rounds, 2 in 5) is not fixed by the game: its
    /// trials are the 3 deals, not infinite (it read `[50.00%, 50.00%]`, gap `0.0 [0.0, 0.0]`).
    /// Balance: Wilson(0.5) over `3·(1.959964/t₂)² = 3·(1.959964/4.302653)² = 0.622508` trials
    /// minus ½ = ±0.463829; summary.csv (no Korn & Graubard factor): Wilson(0.5, 3) = [0.125334,
    /// 0.874666] (Python, double precision).
    #[test]
    fn a_game_label_share_equal_in_every_deal_gets_an_interval_over_the_deals() {
        let mut all = GroupCounts::default();
        (0..12).for_each(|_| all.add_game(10));
        all.clusters = Clusters { games: 3, seats_sq: 3 * 16, ..Default::default() };
        let share = || {
            let mut g = GroupCounts { games: 6, ..Default::default() };
            (0..3).for_each(|_| g.clusters.add(4, 2));
            g
        };
        let mut c = counts(4, vec![("all", "all", all), ("rounds", "4", share()), ("rounds", "5", share())]);
        c.game_labels = vec!["rounds".into()];
        c.outcome_labels = vec!["rounds".into()];
        let b = &balance(&c)[0];
        let g = b.values[0].win;
        close(g.gap, 0.0, 1e-15);
        close(g.low, -0.463_828_705_383_810_2, 1e-9);
        close(g.high, 0.463_828_705_383_810_16, 1e-9);
        let row = crate::stats::summary_rows(&c).into_iter().find(|r| r.label == "rounds").unwrap();
        close(row.win_rate_low.unwrap(), 0.125_334_471_910_263_2, 1e-12);
        close(row.win_rate_high.unwrap(), 0.874_665_528_089_736_9, 1e-12);
    }

    /// N5 (issue 40, nc40e): an outcome label whose values all have the same gap names no value
    /// twice as both the most and the least.
    #[test]
    fn an_outcome_label_with_equal_gaps_says_so_once() {
        let mut all = GroupCounts::default();
        (0..100).for_each(|_| all.add_game(10));
        let share = |n: u64| GroupCounts { games: n, ..Default::default() };
        let mut c = counts(2, vec![("all", "all", all), ("rounds", "4", share(50)), ("rounds", "5", share(50))]);
        c.game_labels = vec!["rounds".into()];
        c.outcome_labels = vec!["rounds".into()];
        assert_eq!(
            verdict(&balance(&c)[0]),
            "rounds, 2 players: outcome label (decided by play), not a balance question; all 2 values 0.0 pp"
        );
    }

    #[test]
    fn equal_values_give_no_difference_found() {
        let c = counts(2, vec![("seat", "0", seat(100, 50, &[])), ("seat", "1", seat(100, 50, &[]))]);
        assert_eq!(verdict(&balance(&c)[0]), "seat, 2 players: no difference found (p = 1)");
    }
}
