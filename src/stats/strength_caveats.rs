//! Caveats about the bot comparisons of a run, from its counts and lineup: printed after a run,
//! listed in `report.md`'s caveats and written to `run.toml`, so that a misleading comparison is
//! never shown silently.
//!
//! - **Fixed seats.** With two or more distinct bots and `seats = "fixed"`, each bot keeps its
//!   seat, so a seat's advantage counts as the bot's strength: two copies of one bot under two
//!   names differ by the first seat's advantage (the SPRT refuses fixed seats for that reason).
//! - **Forfeits.** A bot that forfeited more than [`MATERIAL_FORFEITS`] of its games: its results
//!   say as much about whether it finishes games as about how it plays.
//! - **Independence.** Ratings at three or more seats from counts without finishing orders (made
//!   before they were recorded) fall back to Bradley–Terry on pairs of seats, whose intervals
//!   treat the pairs of one game as independent: too narrow.

use std::collections::BTreeSet;

use super::{Counts, ForfeitMode, SeatMode};

/// The share of a bot's games forfeited above which a run warns.
pub const MATERIAL_FORFEITS: f64 = 0.05;

/// The caveats of `counts` for a run of `lineup` (the spec's bot names) seated by `seats` and
/// scoring forfeits by `forfeit`, one message each; empty when there are none.
pub fn strength_caveats(
    counts: &Counts,
    lineup: &[String],
    seats: Option<SeatMode>,
    forfeit: ForfeitMode,
) -> Vec<String> {
    let mut out = Vec::new();
    let distinct: BTreeSet<&str> = lineup.iter().map(|b| b.trim()).collect();
    if seats == Some(SeatMode::Fixed) && distinct.len() >= 2 {
        // Each name once, in lineup order (nc40d L8: `greedy, random, random` read as 2 bots).
        let mut names: Vec<&str> = Vec::new();
        lineup.iter().map(|b| b.trim()).for_each(|b| {
            if !names.contains(&b) {
                names.push(b)
            }
        });
        out.push(format!(
            "seats are fixed with {} distinct bots ({}): each bot keeps its seat, so a seat's advantage counts as \
             the bot's strength in every win rate, score and rating (two copies of one bot under two names would \
             differ); play with --seats rotate (paired deals) or --seats shuffle",
            distinct.len(),
            names.join(", ")
        ));
    }
    for (k, g) in counts.groups.iter().filter(|(k, g)| k.label == "bot" && g.forfeits > 0) {
        // A bot's group counts seat-games (two seats of one game count twice) but a forfeit once
        // per game; every lineup bot sits in every game, so its games are the `all` group's.
        let all = counts.groups.iter().find(|(a, _)| a.players == k.players && a.label == "all").map_or(g, |(_, a)| a);
        let played = match forfeit {
            ForfeitMode::Loss => all.games + all.truncated,
            ForfeitMode::Exclude => all.games + all.truncated + all.forfeits,
        };
        let share = g.forfeits as f64 / played.max(1) as f64;
        if share > MATERIAL_FORFEITS {
            let how = match forfeit {
                ForfeitMode::Loss => "scored as losses",
                ForfeitMode::Exclude => "left out of every rate, score and rating (--forfeit exclude)",
            };
            out.push(format!(
                "{} players: bot {} forfeited {} of its {played} games ({:.1}%), {how}: its results measure whether \
                 it finishes games as much as how it plays (reasons: games.csv's forfeit_reason column, written with --per-game)",
                k.players,
                k.value,
                g.forfeits,
                100.0 * share
            ));
        }
    }
    let ranked: BTreeSet<usize> = counts.rankings.keys().copied().collect();
    let mut fallback: Vec<usize> =
        counts.pairs.keys().map(|k| k.players).filter(|&p| p > 2 && !ranked.contains(&p)).collect();
    fallback.dedup();
    for p in fallback {
        // Bot A against bot B falls back too: to the score with a floor.
        let versus = match counts.versus.contains_key(&p) {
            true => format!(
                ", and bot A against bot B (versus.csv, report.md, the cross-table) shows the former score \
                 (1 + r_A − mean r_B)/2, which cannot fall below {:.1}% at {p} seats, and its logistic Elo, not the \
                 win share and the Plackett–Luce rating",
                100.0 * (p - 2) as f64 / (2 * (p - 1)) as f64
            ),
            false => String::new(),
        };
        out.push(format!(
            "{p} players: these counts have no finishing orders (made by an older meeple), so ratings.csv falls \
             back to Bradley–Terry on pairs of seats, whose intervals treat the pairs of one game as independent \
             and are too narrow{versus}; run again for Plackett–Luce ratings with intervals over deals"
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::{GroupCounts, GroupKey};

    #[test]
    fn fixed_seats_with_two_names_are_a_caveat() {
        let lineup = ["random".to_string(), "uniform".to_string()];
        let c = Counts::default();
        let w = strength_caveats(&c, &lineup, Some(SeatMode::Fixed), ForfeitMode::Loss);
        assert_eq!(w.len(), 1);
        assert!(w[0].starts_with("seats are fixed with 2 distinct bots (random, uniform)"), "{w:?}");
        assert!(strength_caveats(&c, &lineup, Some(SeatMode::Rotate), ForfeitMode::Loss).is_empty());
        assert!(strength_caveats(&c, &lineup[..1], Some(SeatMode::Fixed), ForfeitMode::Loss).is_empty());
        // A repeated name is listed once (nc40d L8).
        let three = ["greedy".to_string(), "random".into(), "random".into()];
        let w = strength_caveats(&c, &three, Some(SeatMode::Fixed), ForfeitMode::Loss);
        assert!(w[0].starts_with("seats are fixed with 2 distinct bots (greedy, random):"), "{w:?}");
    }

    #[test]
    fn forfeits_above_five_percent_of_a_bots_games_are_a_caveat() {
        let mut c = Counts::default();
        let key = |bot: &str| GroupKey { players: 2, label: "bot".into(), value: bot.into() };
        c.groups.insert(key("ext"), GroupCounts { games: 100, forfeits: 6, ..Default::default() });
        c.groups.insert(key("ok"), GroupCounts { games: 100, forfeits: 5, ..Default::default() });
        let w = strength_caveats(&c, &[], None, ForfeitMode::Loss);
        assert_eq!(w.len(), 1, "{w:?}");
        assert!(w[0].starts_with("2 players: bot ext forfeited 6 of its 100 games (6.0%), scored as losses"), "{w:?}");
        // Excluded, the forfeits are not among the games: 6 of 106, and 5 of 105 is below 5%.
        let w = strength_caveats(&c, &[], None, ForfeitMode::Exclude);
        assert_eq!(w.len(), 1, "{w:?}");
        assert!(w[0].contains("6 of its 106 games (5.7%), left out"), "{w:?}");
    }

    /// A bot in two of three seats that forfeited 20 of its 30 games: 66.7% of its games, not 20
    /// of its 60 seat-games (the re-check's N1).
    #[test]
    fn a_bot_in_several_seats_forfeits_a_share_of_its_games_not_of_its_seat_games() {
        let mut c = Counts::default();
        let key = |label: &str, value: &str| GroupKey { players: 3, label: label.into(), value: value.into() };
        c.groups.insert(key("all", "all"), GroupCounts { games: 30, forfeits: 20, ..Default::default() });
        c.groups.insert(key("bot", "ext"), GroupCounts { games: 60, forfeits: 20, ..Default::default() });
        let w = strength_caveats(&c, &[], None, ForfeitMode::Loss);
        assert!(w[0].starts_with("3 players: bot ext forfeited 20 of its 30 games (66.7%), scored as losses"), "{w:?}");
        // Excluded: the 10 scored games and the 20 forfeited ones.
        c.groups.insert(key("all", "all"), GroupCounts { games: 10, forfeits: 20, ..Default::default() });
        let w = strength_caveats(&c, &[], None, ForfeitMode::Exclude);
        assert!(w[0].contains("20 of its 30 games (66.7%), left out"), "{w:?}");
    }

    /// Counts without finishing orders at 3 seats: the caveat names bot A against bot B too, which
    /// falls back to the score with a floor (25% at 3 seats), not only ratings.csv.
    #[test]
    fn old_counts_at_three_seats_say_the_versus_line_falls_back_too() {
        let mut c = Counts::default();
        let pair = crate::stats::PairKey { players: 3, bot: "a".into(), opponent: "b".into() };
        c.pairs.insert(pair, crate::stats::Wdl { wins: 3, draws: 0, losses: 5 });
        let w = strength_caveats(&c, &[], None, ForfeitMode::Loss);
        assert_eq!(w.len(), 1, "{w:?}");
        assert!(w[0].contains("falls back to Bradley–Terry") && !w[0].contains("versus.csv"), "{w:?}");
        c.versus.insert(3, crate::stats::VersusCounts::new("a", "b", 3));
        let w = strength_caveats(&c, &[], None, ForfeitMode::Loss);
        assert!(
            w[0].contains(
                "and bot A against bot B (versus.csv, report.md, the cross-table) shows the former score (1 + r_A − \
                 mean r_B)/2, which cannot fall below 25.0% at 3 seats"
            ),
            "{w:?}"
        );
    }
}
