//! Statistics: counters that merge exactly (integer sums, never averages), Wilson intervals, and
//! the tidy `summary.csv` derived from them.

mod counts;
mod summary;
mod wilson;

pub use counts::{Counts, GroupCounts, GroupKey, Histogram};
pub use summary::{SummaryRow, summary_rows, write_summary};
pub use wilson::{Z_95, wilson_interval};
