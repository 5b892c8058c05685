//! Final scores in the statistics: the score columns of `summary.csv` equal a recount from
//! `games.csv` (President: points, MOW: flies, lower better), A's score margin in `versus.csv`
//! equals its recount, and runs with scores give the same bytes on 1 or 2 threads and when
//! merged from shards.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use meeple::tournament::{RunOptions, Shard, Spec, files, merge};

fn spec(text: &str) -> Spec {
    toml::from_str(text).unwrap()
}

fn run(spec: &Spec, out: &Path, threads: usize) {
    let opts = RunOptions { threads: Some(threads), quiet: true, profile_dir: PathBuf::from("bots") };
    (meeple::registry::find(&spec.game).unwrap().run)(spec, out, &opts).unwrap();
}

fn read(dir: &Path, file: &str) -> Vec<u8> {
    std::fs::read(dir.join(file)).unwrap_or_else(|e| panic!("{}: {e}", dir.join(file).display()))
}

/// The rows of a CSV file as maps from column name to cell.
fn rows(dir: &Path, file: &str) -> Vec<BTreeMap<String, String>> {
    let mut reader = csv::Reader::from_path(dir.join(file)).unwrap();
    let header = reader.headers().unwrap().clone();
    reader
        .records()
        .map(|r| header.iter().zip(r.unwrap().iter()).map(|(h, c)| (h.to_string(), c.to_string())).collect())
        .collect()
}

/// The score columns of a group recounted from its scores: mean and population sd with six
/// decimals, then nearest-rank min, p10, median, p90 and max.
fn recount(mut scores: Vec<i64>) -> Vec<String> {
    scores.sort();
    let n = scores.len();
    let mean = scores.iter().sum::<i64>() as f64 / n as f64;
    let var = scores.iter().map(|&x| (x as f64 - mean).powi(2)).sum::<f64>() / n as f64;
    let rank = |q: f64| scores[((q * n as f64).ceil() as usize).max(1) - 1].to_string();
    vec![format!("{mean:.6}"), format!("{:.6}", var.sqrt()), rank(0.0), rank(0.1), rank(0.5), rank(0.9), rank(1.0)]
}

const SCORE_COLUMNS: [&str; 7] =
    ["score_mean", "score_sd", "score_min", "score_p10", "score_median", "score_p90", "score_max"];

/// Checks every row of `dir`'s summary.csv against the scores of games.csv: a seat group (seat,
/// bot, seat label) holds its seats' scores, `all` and game-label groups every seat's.
fn summary_scores_equal_a_recount(dir: &Path, seat_labels: &[&str], game_labels: &[&str]) {
    let mut groups: BTreeMap<(String, String, String), Vec<i64>> = BTreeMap::new();
    for g in rows(dir, files::GAMES) {
        let players: usize = g["players"].parse().unwrap();
        let score = |s: usize| g[&format!("seat{s}_score")].parse::<i64>().unwrap();
        let mut put = |label: &str, value: &str, s: usize| {
            groups.entry((g["players"].clone(), label.into(), value.into())).or_default().push(score(s));
        };
        for s in 0..players {
            put("all", "all", s);
            put("seat", &s.to_string(), s);
            put("bot", &g[&format!("seat{s}_bot")], s);
            seat_labels.iter().for_each(|l| put(l, &g[&format!("seat{s}_{l}")], s));
            game_labels.iter().for_each(|l| put(l, &g[*l], s));
        }
    }
    let summary = rows(dir, files::SUMMARY);
    assert_eq!(summary.len(), groups.len(), "one summary row per group");
    for row in summary {
        let key = (row["players"].clone(), row["label"].clone(), row["value"].clone());
        let got: Vec<String> = SCORE_COLUMNS.iter().map(|c| row[*c].clone()).collect();
        let expected = recount(groups.remove(&key).unwrap_or_else(|| panic!("{key:?} not in games.csv")));
        // The sd is summed differently (exact integers there, floats here): equal to 1e-6.
        let sd = |v: &[String]| v[1].parse::<f64>().unwrap();
        assert!((sd(&got) - sd(&expected)).abs() <= 1.5e-6, "{key:?}: {got:?} vs {expected:?}");
        assert_eq!((&got[..1], &got[2..]), (&expected[..1], &expected[2..]), "{key:?}");
    }
}

#[test]
fn president_score_columns_equal_a_recount_from_games_csv() {
    let tmp = tempfile::tempdir().unwrap();
    let s = spec("game = 'president'\nplayers = [4, 6]\nbots = ['random']\ngames = 150\nseed = 3\nper_game = true\n");
    run(&s, tmp.path(), 2);
    let games = String::from_utf8(read(tmp.path(), files::GAMES)).unwrap();
    assert!(games.starts_with(
        "players,index,seed,length,truncated,hands,seat0_bot,seat0_first_role,seat0_final_points,seat0_reward,\
         seat0_score,"
    ));
    // Points can go below 0 under random play: the statistics must keep negative scores.
    assert!(rows(tmp.path(), files::SUMMARY).iter().any(|r| r["score_min"].starts_with('-')), "a negative score");
    summary_scores_equal_a_recount(tmp.path(), &["first_role", "final_points"], &["hands"]);
}

#[test]
fn mow_score_columns_equal_a_recount_from_games_csv() {
    let tmp = tempfile::tempdir().unwrap();
    let s = spec("game = 'mow'\nplayers = [2, 4]\nbots = ['random']\ngames = 400\nseed = 4\nper_game = true\n");
    run(&s, tmp.path(), 2);
    summary_scores_equal_a_recount(tmp.path(), &["flies"], &["rounds", "winners"]);
}

/// A's margin is its score minus the B seats' mean score, negated for MOW (fewer flies is better):
/// the greedy bot collects fewer flies than random ones, so its margin is positive.
#[test]
fn mow_margin_equals_a_recount_and_favours_the_bot_with_fewer_flies() {
    let tmp = tempfile::tempdir().unwrap();
    let s = spec(
        "game = 'mow'\nplayers = 3\nbots = ['greedy', 'random', 'random']\ngames = 300\nseed = 6\n\
                  seats = 'rotate'\nper_game = true\n",
    );
    run(&s, tmp.path(), 2);
    let (mut sum, mut n) = (0.0, 0);
    for g in rows(tmp.path(), files::GAMES) {
        let score = |s: usize| g[&format!("seat{s}_score")].parse::<f64>().unwrap();
        let a = (0..3).find(|s| g[&format!("seat{s}_bot")] == "greedy").unwrap();
        let b = (0..3).filter(|&s| s != a).map(score).sum::<f64>() / 2.0;
        sum += b - score(a);
        n += 1;
    }
    let v = &rows(tmp.path(), files::VERSUS)[0];
    let margin: f64 = v["margin"].parse().unwrap();
    assert!((margin - sum / n as f64).abs() < 1e-6, "{margin} vs {}", sum / n as f64);
    let (low, high): (f64, f64) = (v["margin_low"].parse().unwrap(), v["margin_high"].parse().unwrap());
    assert!(margin > 10.0 && low < margin && margin < high && low > 0.0, "{v:?}");
    // The report shows the margin, the bots' mean flies as in summary.csv, and the score plot.
    let report = meeple::report::report(tmp.path()).unwrap();
    let versus = report.versus.as_ref().unwrap();
    let (low, high) = (v["margin_low"].parse::<f64>().unwrap(), v["margin_high"].parse::<f64>().unwrap());
    let cell = format!("{margin:+.2} [{low:+.2}, {high:+.2}]");
    assert_eq!(versus.cell("3", "margin of A, fewer flies [95%]"), Some(cell.as_str()), "{versus:?}");
    let greedy = rows(tmp.path(), files::SUMMARY).into_iter().find(|r| r["label"] == "bot" && r["value"] == "greedy");
    let greedy = greedy.unwrap();
    let mean: f64 = greedy["score_mean"].parse().unwrap();
    let cell = format!("{mean:.1} ({} to {})", greedy["score_p10"], greedy["score_p90"]);
    let table =
        report.tables.iter().find(|t| t.title.starts_with("mean final flies (lower is better) by bot")).unwrap();
    assert_eq!(table.cell("greedy", "3 players"), Some(cell.as_str()));
    assert!(report.plots.iter().any(|p| p.ends_with("scores_3p.svg")), "{:?}", report.plots);
}

/// More than one window of games (16,384), so the parallel split really differs.
#[test]
fn runs_with_scores_are_byte_identical_on_one_and_two_threads() {
    let tmp = tempfile::tempdir().unwrap();
    let s = spec("game = 'mow'\nplayers = 2\nbots = ['random']\ngames = 17000\nseed = 8\nper_game = true\n");
    let (a, b) = (tmp.path().join("t1"), tmp.path().join("t2"));
    run(&s, &a, 1);
    run(&s, &b, 2);
    for f in [files::SPEC, files::COUNTS, files::SUMMARY, files::GAMES] {
        assert!(read(&a, f) == read(&b, f), "{f} differs between 1 and 2 threads");
    }
    assert!(String::from_utf8(read(&a, files::COUNTS)).unwrap().contains("\"score\""));
}

#[test]
fn sharded_runs_with_scores_and_margins_merge_to_the_single_runs_bytes() {
    let tmp = tempfile::tempdir().unwrap();
    let s = spec(
        "game = 'president'\nplayers = 4\nbots = ['greedy', 'random', 'random', 'random']\ngames = 404\n\
                  seed = 9\nseats = 'rotate'\nper_game = true\n",
    );
    let whole = tmp.path().join("whole");
    run(&s, &whole, 2);
    let shards: Vec<PathBuf> = (1..=3)
        .map(|k| {
            let dir = tmp.path().join(format!("shard{k}"));
            run(&Spec { shard: Some(Shard { k, n: 3 }), ..s.clone() }, &dir, 1);
            dir
        })
        .collect();
    let merged = tmp.path().join("merged");
    merge(&[shards[1].clone(), shards[2].clone(), shards[0].clone()], &merged).unwrap();
    for f in [files::SPEC, files::COUNTS, files::SUMMARY, files::GAMES, files::VERSUS] {
        assert!(read(&whole, f) == read(&merged, f), "{f}: merged shards differ from the single run");
    }
    let v = &rows(&whole, files::VERSUS)[0];
    assert!(!v["margin"].is_empty() && !v["margin_low"].is_empty(), "{v:?}");
}
