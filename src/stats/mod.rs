//! Statistics: counters that merge exactly (integer sums, never averages), Wilson intervals, the
//! tidy `summary.csv` derived from them, paired A-against-B statistics and the SPRT.

mod counts;
pub mod sprt;
mod summary;
mod versus;
mod wilson;

pub use counts::{Counts, GroupCounts, GroupKey, Histogram};
pub use sprt::{Sprt, Verdict};
pub use summary::{SummaryRow, summary_rows, write_summary};
pub use versus::{VersusCounts, VersusRow, versus_rows, write_versus};
pub use wilson::{Z_95, wilson_interval};
