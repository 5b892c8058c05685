//! Statistics: counters that merge exactly (integer sums, never averages), Wilson intervals, the
//! tidy `summary.csv` derived from them, paired A-against-B statistics and the SPRT, and bot
//! ratings (Elo, Bradley–Terry) in `ratings.csv`; how a run seats its lineup ([`SeatMode`]) and counts forfeits ([`ForfeitMode`]); finishing orders
//! at three or more seats and the Plackett–Luce ratings and win shares read from them.

pub mod balance;
mod bootstrap;
pub mod bradley_terry;
mod counts;
pub mod crosstab;
pub mod elo;
pub mod finishing;
mod histogram;
pub mod metrics;
pub mod plackett_luce;
mod ratings;
mod seat_mode;
pub mod skill;
pub mod sprt;
mod strength_caveats;
mod summary;
mod versus;
mod wilson;

pub use counts::{
    Clusters, Counts, ForfeitDeals, GroupCounts, GroupKey, PairKey, ScoreClusters, ScoreUnit, SeatReward,
};
pub use crosstab::{CellCounts, CellKey, CrossCounts};
pub use elo::Wdl;
pub use histogram::Histogram;
pub use metrics::{MetricCounts, MetricRow, metric_rows, read_metrics, write_metrics};
pub use ratings::{RatingRow, rating_rows, ratings_table, write_ratings};
pub use seat_mode::{ForfeitMode, SeatMode};
pub use sprt::{Sprt, SprtError, Verdict};
pub use strength_caveats::{MATERIAL_FORFEITS, strength_caveats};
pub use summary::{SummaryRow, mean_interval, summary_rows, value_order, write_summary};
pub use versus::{VersusCounts, VersusRow, versus_rows, write_versus};
pub use wilson::{Z_95, cluster_wilson, effective_trials, wilson_interval, wilson_interval_of};

/// Writes `rows` as CSV with a header row of their field names (serde), the shape of every
/// result table of a run folder (summary.csv, versus.csv, ratings.csv, balance.csv, metrics.csv,
/// skill.csv).
///
/// # Errors
/// Any I/O or serialization error of `out`.
fn write_rows<T: serde::Serialize, W: std::io::Write>(rows: &[T], out: W) -> csv::Result<()> {
    let mut w = csv::Writer::from_writer(out);
    for r in rows {
        w.serialize(r)?;
    }
    w.flush()?;
    Ok(())
}

/// JSON maps need string keys: store a map as a list of `[key, value]` pairs.
pub(crate) mod as_pairs {
    use std::collections::BTreeMap;

    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<K: Serialize, V: Serialize, S: Serializer>(map: &BTreeMap<K, V>, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(map.iter())
    }

    pub fn deserialize<'de, K, V, D>(d: D) -> Result<BTreeMap<K, V>, D::Error>
    where
        K: Deserialize<'de> + Ord,
        V: Deserialize<'de>,
        D: Deserializer<'de>,
    {
        Ok(Vec::<(K, V)>::deserialize(d)?.into_iter().collect())
    }
}
