//! Caveats about a run's numbers, printed after a run and written near the top of `report.md`,
//! so that a biased number is never shown silently:
//!
//! - **Truncation.** Games stopped at the action cap have no outcome and are left out of every
//!   rate, share, score and Elo. Over all games, a rate `p` of the finished games could be
//!   anything from `p·(1 − t)` to `p·(1 − t) + t`, where `t` is the truncated share: up to `t`
//!   away. The truncated share at a player count is *material* when it is at least
//!   [`MATERIAL_TRUNCATION`] (1%), or when it exceeds the half-width of the narrowest 95% interval
//!   at that count (in a large run, a bias as large as the stated uncertainty). A per-game label
//!   such as `winner` has no value in a truncated game, so the caveat gives the largest such share
//!   both over the finished games and over all games (`winner = outlaws`: 87.5% of the finished
//!   games is 2.1% of all games when 976 of 1,000 were truncated).
//! - **Bot comparisons** ([`strength_caveats`]): fixed seats with two or more distinct bots,
//!   forfeits above 5% of a bot's games, ratings whose intervals assume independence.
//! - **Early SPRT stop.** When the SPRT decides before the game limit, the score and Elo shown are
//!   those at the stop: estimates at a sequential test's stopping time are biased towards the
//!   hypothesis accepted, and their intervals do not have 95% coverage; the verdict is the result.

use super::{SummaryRow, played_and_limit};
use crate::stats::{Counts, Verdict, strength_caveats, summary_rows, versus_rows};
use crate::tournament::Spec;

/// The truncated share of games that is always material.
pub const MATERIAL_TRUNCATION: f64 = 0.01;

/// The caveats of `counts` (with the run's `spec`, if known), one message each; empty when there
/// are none.
pub fn caveats(counts: &Counts, spec: Option<&Spec>) -> Vec<String> {
    let rows = summary_rows(counts);
    let mut out: Vec<String> =
        rows.iter().filter(|r| r.label == "all").filter_map(|all| truncation(all, &rows, counts, spec)).collect();
    if let Some(spec) = spec {
        out.extend(strength_caveats(counts, &spec.bots, Some(spec.seat_mode()), spec.forfeit));
        out.extend(sprt_stops(counts, spec));
    }
    out
}

/// The truncation caveat of the player count of `all` (its `all` row), if material.
fn truncation(all: &SummaryRow, rows: &[SummaryRow], counts: &Counts, spec: Option<&Spec>) -> Option<String> {
    let played = all.games + all.truncated;
    let t = all.truncated as f64 / played.max(1) as f64;
    let here = || rows.iter().filter(|r| r.players == all.players && r.label != "all");
    let narrowest =
        here().filter_map(|r| Some((r.win_rate_high? - r.win_rate_low?) / 2.0)).fold(f64::INFINITY, f64::min);
    if all.truncated == 0 || (t < MATERIAL_TRUNCATION && t <= narrowest) {
        return None;
    }
    let cap =
        spec.map_or("the action cap".to_string(), |s| format!("the action cap (max_actions = {})", s.max_actions));
    // Bot A against bot B (and the ratings at three or more seats) pair whole deals.
    let deals = counts.versus.get(&all.players).map_or(String::new(), |v| {
        let ratings = if counts.rankings.contains_key(&all.players) { " and the ratings" } else { "" };
        format!(
            " (bot A against bot B{ratings} count whole deals: only the {} deals without a truncated game, {} games)",
            v.deals(),
            v.deals() * v.games_per_deal as u64
        )
    });
    let mut text = format!(
        "{} players: {} of {played} games ({:.1}%) stopped at {cap} and are left out: every rate, share, score \
         and Elo is over the {} finished games only{deals}, and over all games a rate could differ by up to {:.1} \
         percentage points",
        all.players,
        all.truncated,
        100.0 * t,
        all.games,
        100.0 * t
    );
    let shares = here().filter(|r| counts.game_labels.contains(&r.label));
    if let Some((r, share)) = shares.filter_map(|r| Some((r, r.win_rate?))).max_by(|a, b| a.1.total_cmp(&b.1)) {
        text += &format!(
            "; per-game label shares count finished games only (e.g. {} = {}: {:.2}% of the finished games, \
             {:.2}% of all games)",
            r.label,
            r.value,
            100.0 * share,
            100.0 * share * (1.0 - t)
        );
    }
    let limit = spec.map_or(String::new(), |s| {
        format!(" or read the rates as those of games ending within {} actions", s.max_actions)
    });
    Some(text + &format!(". Raise max_actions{limit}."))
}

/// A caveat for every player count whose SPRT stopped before the game limit.
fn sprt_stops(counts: &Counts, spec: &Spec) -> Vec<String> {
    let Some(sprt) = &spec.sprt else { return Vec::new() };
    versus_rows(counts, spec.seats, Some(sprt))
        .into_iter()
        .filter_map(|r| {
            let verdict = r.sprt_verdict.filter(|v| *v != Verdict::Inconclusive)?;
            let (played, limit) = played_and_limit(&r, spec);
            let accepted = match verdict {
                Verdict::H1 => format!("H1 (elo >= {})", sprt.elo1),
                _ => format!("H0 (elo <= {})", sprt.elo0),
            };
            (played < limit).then(|| {
                format!(
                    "{} players: the SPRT stopped after {played} of {limit} games, accepting {accepted}: the score and \
                     Elo shown are those at the stop, biased towards the accepted hypothesis (as any estimate at a \
                     sequential test's stopping time), and their intervals do not have 95% coverage; the verdict is \
                     the result.",
                    r.players
                )
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::{GroupCounts, GroupKey};

    /// Counts of 4-player games: `finished` finished games, half of them won by side `a`, and
    /// `truncated` games stopped at the cap.
    fn counts(finished: u64, truncated: u64) -> Counts {
        let key = |label: &str, value: &str| GroupKey { players: 4, label: label.into(), value: value.into() };
        let mut c = Counts { game_labels: vec!["winner".into()], ..Default::default() };
        c.groups.insert(key("all", "all"), GroupCounts { games: finished, truncated, ..Default::default() });
        c.groups.insert(key("winner", "a"), GroupCounts { games: finished / 2, ..Default::default() });
        c
    }

    #[test]
    fn truncation_is_material_from_one_percent_or_beyond_the_narrowest_interval() {
        assert_eq!(caveats(&counts(10_000, 0), None), Vec::<String>::new());
        // 0.5% truncated, against a 95% half-width of 0.98 points at 50% over 9,950 games.
        assert_eq!(caveats(&counts(9_950, 50), None), Vec::<String>::new());
        // 0.5% truncated, against a half-width of 0.098 points over 995,000 games.
        let big = caveats(&counts(995_000, 5_000), None);
        assert_eq!(big.len(), 1);
        assert!(big[0].starts_with("4 players: 5000 of 1000000 games (0.5%) stopped at the action cap and"), "{big:?}");
        // Exactly 1%: material whatever the intervals.
        let one = caveats(&counts(990, 10), None);
        assert_eq!(
            one,
            vec![
                "4 players: 10 of 1000 games (1.0%) stopped at the action cap and are left out: every rate, share, \
             score and Elo is over the 990 finished games only, and over all games a rate could differ by up to \
             1.0 percentage points; per-game label shares count finished games only (e.g. winner = a: 50.00% of \
             the finished games, 49.50% of all games). Raise max_actions."
                    .to_string()
            ]
        );
    }

    /// Bot A against bot B pairs whole deals, so a truncated game leaves its deal out: the caveat
    /// says over how many deals and games the versus line (and the ratings at 3+ seats) are.
    #[test]
    fn truncation_says_the_versus_line_counts_only_whole_deals() {
        let mut c = counts(990, 10);
        let mut v = crate::stats::VersusCounts::new("a", "b", 4);
        (0..240).for_each(|_| v.add_deal(2_000_000));
        v.truncated_deals = 10;
        c.versus.insert(4, v);
        let text = caveats(&c, None).join("\n");
        assert!(
            text.contains(
                "over the 990 finished games only (bot A against bot B count whole deals: only the 240 deals \
                 without a truncated game, 960 games), and over all games"
            ),
            "{text}"
        );
        c.rankings.insert(4, Default::default());
        let text = caveats(&c, None).join("\n");
        assert!(text.contains("(bot A against bot B and the ratings count whole deals: only the 240"), "{text}");
    }
}
