//! Bot strength at three or more seats (issue 40): the win share, its interval, the exact deal
//! scores and the Plackett–Luce rating of `versus.csv` and `ratings.csv`, recomputed from
//! `games.csv` by code of their own (a closed-form likelihood for one bot against a field,
//! maximized by a golden-section search), and the byte-identical results at 1 and 2 threads.

use std::collections::BTreeMap;
use std::path::Path;

use meeple::tournament::{RunOptions, Spec, files};
use statrs::distribution::{ContinuousCDF, StudentsT};

/// Runs `spec` (TOML text) on `threads` threads into `out`.
fn run(text: &str, out: &Path, threads: usize) {
    let spec: Spec = toml::from_str(text).unwrap();
    let opts = RunOptions { threads: Some(threads), quiet: true, profile_dir: "bots".into() };
    (meeple::registry::find(&spec.game).unwrap().run)(&spec, out, &opts).unwrap();
}

/// The rows of the CSV file `path` as maps from column name to text.
fn rows(path: &Path) -> Vec<BTreeMap<String, String>> {
    let mut r = csv::Reader::from_path(path).unwrap();
    let h: Vec<String> = r.headers().unwrap().iter().map(String::from).collect();
    r.records().map(|rec| h.iter().cloned().zip(rec.unwrap().iter().map(String::from)).collect()).collect()
}

/// One game from A's side: `u` B seats placed strictly ahead of A, `t` B seats tied with A, and
/// A's share of the win.
#[derive(Debug, Clone, Copy)]
struct Place {
    u: usize,
    t: usize,
    share: f64,
}

/// A's place in every game of `games` (rows of games.csv at `n` seats, A named `a`), in index
/// order: ranked by reward, then by score (`lower_better` for MOW's flies).
fn places(games: &[BTreeMap<String, String>], n: usize, a: &str, lower_better: bool) -> Vec<(u64, Place)> {
    games
        .iter()
        .map(|g| {
            let seat = |s: usize, what: &str| g[&format!("seat{s}_{what}")].clone();
            let key = |s: usize| {
                let score: f64 = seat(s, "score").parse().unwrap();
                (seat(s, "reward").parse::<f64>().unwrap(), if lower_better { -score } else { score })
            };
            let me = (0..n).find(|&s| seat(s, "bot") == a).unwrap();
            let ahead = (0..n).filter(|&s| s != me && key(s) > key(me)).count();
            let tied = (0..n).filter(|&s| s != me && key(s) == key(me)).count();
            let best = (0..n).map(|s| key(s).0).fold(f64::MIN, f64::max);
            let winners = (0..n).filter(|&s| key(s).0 == best).count();
            let share = if key(me).0 == best { 1.0 / winners as f64 } else { 0.0 };
            (g["index"].parse().unwrap(), Place { u: ahead, t: tied, share })
        })
        .collect()
}

/// The log-likelihood of A's places against `m` B seats at `x = γ_A / γ_B`: B seats ahead of A
/// are drawn while A waits (`1/(x + B's left)` each, up to a constant), then A's tied place is
/// summed over A's position `q` in it.
fn log_likelihood(places: &[(u64, Place)], m: usize, x: f64) -> f64 {
    places
        .iter()
        .map(|(_, p)| {
            let left = |l: usize| x + (m - l) as f64;
            let ahead: f64 = (0..p.u).map(|l| -left(l).ln()).sum();
            let tied: f64 =
                (0..=p.t).map(|q| (p.u..p.u + q).map(|l| 1.0 / left(l)).product::<f64>() * x / left(p.u + q)).sum();
            ahead + tied.ln()
        })
        .sum()
}

/// The maximum-likelihood `ln x` by golden-section search on `[-15, 15]`.
fn argmax(f: impl Fn(f64) -> f64) -> f64 {
    let (mut a, mut b) = (-15.0f64, 15.0f64);
    let r = (5f64.sqrt() - 1.0) / 2.0;
    while b - a > 1e-11 {
        let (c, d) = (b - r * (b - a), a + r * (b - a));
        if f(c) > f(d) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

fn num(row: &BTreeMap<String, String>, col: &str) -> f64 {
    row[col].parse().unwrap_or_else(|_| panic!("{col} = {:?}", row[col]))
}

/// Three- and four-player MOW, random against a field of greedy under rotation: versus.csv's win
/// share with its interval over deals (Wilson over the deals' effective trials, Korn & Graubard's
/// degrees of freedom), its exact deal scores and its Plackett–Luce Elo, and
/// ratings.csv's row of greedy (the same rating, negated, and its seat counts), all equal to the
/// recount from games.csv; the files are the same bytes at 1 and 2 threads.
#[test]
fn win_share_and_plackett_luce_recount_from_games_csv() {
    let tmp = tempfile::tempdir().unwrap();
    let text = "game = 'mow'\nplayers = [3, 4]\nbots = ['random', 'greedy']\ngames = 240\nseed = 3\nper_game = true\n";
    run(text, &tmp.path().join("one"), 1);
    run(text, &tmp.path().join("two"), 2);
    for f in [files::VERSUS, files::RATINGS, files::COUNTS, files::SUMMARY] {
        let read = |d: &str| std::fs::read(tmp.path().join(d).join(f)).unwrap();
        assert_eq!(read("one"), read("two"), "{f} differs between 1 and 2 threads");
    }
    let dir = tmp.path().join("one");
    let games = rows(&dir.join(files::GAMES));
    let versus = rows(&dir.join(files::VERSUS));
    let ratings = rows(&dir.join(files::RATINGS));
    for n in [3usize, 4] {
        let here: Vec<_> = games.iter().filter(|g| g["players"] == n.to_string()).cloned().collect();
        let p = places(&here, n, "random", true);
        // Win share: per-deal means (deal = index / n), their mean and normal interval.
        let mut deals: BTreeMap<u64, f64> = BTreeMap::new();
        p.iter().for_each(|(i, pl)| *deals.entry(i / n as u64).or_default() += pl.share / n as f64);
        let d = deals.len() as f64;
        let mean = deals.values().sum::<f64>() / d;
        // Its interval: Wilson over the effective trials p(1 − p)/V, V the variance of the mean
        // over deals (divisor D − 1), times (z / t_{D−1})² (Korn & Graubard 1998).
        let var = deals.values().map(|v| (v - mean).powi(2)).sum::<f64>() / (d * (d - 1.0));
        let z = 1.959_963_984_540_054f64;
        let t = StudentsT::new(0.0, 1.0, d - 1.0).unwrap().inverse_cdf(0.975);
        let trials = mean * (1.0 - mean) / var * (z / t).powi(2);
        let (c, h) = (
            (mean + z * z / (2.0 * trials)) / (1.0 + z * z / trials),
            z / (1.0 + z * z / trials) * (mean * (1.0 - mean) / trials + z * z / (4.0 * trials * trials)).sqrt(),
        );
        let row = versus.iter().find(|r| r["players"] == n.to_string()).unwrap();
        assert_eq!(row["deals"], deals.len().to_string());
        assert!((num(row, "score") - mean).abs() < 1e-6, "{n}: {} vs {mean}", row["score"]);
        assert!((num(row, "score_low") - (c - h)).abs() < 1e-6, "{n}: {row:?} vs {}", c - h);
        assert!((num(row, "score_high") - (c + h)).abs() < 1e-6, "{n}: {row:?} vs {}", c + h);
        // Deal scores: A's total win share per deal, one bin per exact total.
        let mut bins: BTreeMap<i64, u64> = BTreeMap::new();
        deals.values().for_each(|v| *bins.entry((v * n as f64 * 840.0).round() as i64).or_default() += 1);
        let text: Vec<String> =
            bins.iter().map(|(u, c)| format!("{}:{c}", (*u as f64 / 840.0 * 1e6).round() / 1e6)).collect();
        assert_eq!(row["deal_scores"], text.join(" "), "{n}");
        // Plackett–Luce: A's rating from the closed-form likelihood.
        let ln_x = argmax(|t| log_likelihood(&p, n - 1, t.exp()));
        let elo = 400.0 * ln_x / std::f64::consts::LN_10;
        assert!((num(row, "elo") - elo).abs() < 1e-3, "{n}: {} vs {elo}", row["elo"]);
        assert!(num(row, "elo_low") < elo && elo < num(row, "elo_high"), "{n}: {row:?}");
        assert!(num(row, "elo_high") < 0.0, "{n}: random is weaker than greedy: {row:?}");
        // ratings.csv: random is the anchor; greedy's rating is A's, negated.
        let greedy = ratings.iter().find(|r| r["players"] == n.to_string() && r["bot"] == "greedy").unwrap();
        assert_eq!((greedy["method"].as_str(), greedy["anchor"].as_str()), ("plackett_luce", "random"));
        assert!((num(greedy, "elo") + elo).abs() < 1e-3, "{n}: {greedy:?} vs {elo}");
        assert_eq!(greedy["games"], ((n - 1) * p.len()).to_string());
        let random = ratings.iter().find(|r| r["players"] == n.to_string() && r["bot"] == "random").unwrap();
        let share: f64 = p.iter().map(|(_, pl)| pl.share).sum::<f64>() / p.len() as f64;
        assert!((num(random, "score") - share).abs() < 1e-6, "{n}: {random:?}");
        let sole = p.iter().filter(|(_, pl)| pl.share == 1.0).count();
        assert_eq!(random["wins"], sole.to_string(), "{n}");
    }
}

/// A against a field of B and B against a field of A agree (issue 40: the former score gave
/// greedy vs random +463 but random vs greedy −188.5 at MOW): at 3-player MOW, greedy's rating
/// over random and random's over greedy have opposite signs and overlapping intervals once one
/// is negated; the win shares sit on either side of the fair share 1/3.
#[test]
fn a_against_b_and_b_against_a_agree_in_sign_and_size() {
    let tmp = tempfile::tempdir().unwrap();
    let row = |bots: &str| {
        let out = tmp.path().join(bots.replace(['\'', ',', ' '], ""));
        run(&format!("game = 'mow'\nplayers = 3\nbots = [{bots}]\ngames = 300\nseed = 9\n"), &out, 2);
        rows(&out.join(files::VERSUS)).remove(0)
    };
    let (g, r) = (row("'greedy', 'random'"), row("'random', 'greedy'"));
    assert!(num(&g, "elo") > 0.0 && num(&r, "elo") < 0.0, "{g:?} {r:?}");
    assert!(num(&g, "elo_low") < -num(&r, "elo_low") && -num(&r, "elo_high") < num(&g, "elo_high"), "{g:?} {r:?}");
    assert!(num(&g, "score_low") > 1.0 / 3.0 && num(&r, "score_high") < 1.0 / 3.0, "{g:?} {r:?}");
}
