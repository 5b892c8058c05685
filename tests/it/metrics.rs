//! Design metrics (`--metrics`): every game's metric columns in `games.csv` equal the metrics
//! recomputed here, independently, from its replay (one game per mechanism: cards, board,
//! dice); metrics merge exactly across threads and shards; a run without metrics writes none.

use std::path::{Path, PathBuf};

use meeple::bots::{Heuristic, evaluate_all};
use meeple::game::{MAX_SEATS, Rewards, rng_from_seed};
use meeple::games::catcafe::CatCafe;
use meeple::games::connect4::ConnectFour;
use meeple::games::mow::MowState;
use meeple::replay::{one_line, replay_spec};
use meeple::stats::metrics::{CHANCE_SAMPLES, sample_rng};
use meeple::tournament::seed::{METRICS_STREAM, derive};
use meeple::tournament::{Plan, RunOptions, Spec, files, prepare_output};

use crate::common::meeple;

fn run<G: Heuristic>(spec: &str, out: &Path) -> Spec {
    let spec: Spec = toml::from_str(spec).unwrap();
    let opts = RunOptions { threads: Some(2), quiet: true, profile_dir: PathBuf::from("bots") };
    prepare_output(out).unwrap();
    Plan::<G>::new(&spec, &opts.profile_dir).unwrap().run(out, &opts).unwrap();
    spec
}

/// The metrics of one game, recomputed from the values after each action: the cells of its
/// `games.csv` metric columns, as text.
struct Recomputed {
    decisions: [u32; MAX_SEATS],
    legal: u64,
    chance_events: u32,
    chance_outcomes: u64,
    values: Vec<Rewards>,
}

/// `a / b` as a decimal with 6 places, rounded to the nearest millionth.
fn six(a: u64, b: u64) -> String {
    let micros = (a * 2_000_000 + b) / (2 * b);
    format!("{}.{:06}", micros / 1_000_000, micros % 1_000_000)
}

impl Recomputed {
    /// The cells `metric_decisions … metric_drama`, then each seat's decisions.
    fn cells(&self, n: usize) -> Vec<String> {
        let decisions: u32 = self.decisions.iter().sum();
        let branching = if decisions > 0 { six(self.legal, u64::from(decisions)) } else { String::new() };
        let outcomes = match self.chance_events {
            0 => String::new(),
            e => six(self.chance_outcomes, u64::from(e)),
        };
        // Leader: the one seat of highest value; a change is a new leader after another.
        let mut leaders = self.values.iter().filter_map(|v| {
            let best = v[..n].iter().copied().fold(f64::MIN, f64::max);
            let at: Vec<usize> = (0..n).filter(|&s| v[s] == best).collect();
            (at.len() == 1).then(|| at[0])
        });
        let mut changes = 0;
        let mut last = leaders.next();
        for l in leaders {
            changes += usize::from(Some(l) != last);
            last = Some(l);
        }
        let end = self.values.last().unwrap();
        let top = end[..n].iter().copied().fold(f64::MIN, f64::max);
        let winners: Vec<usize> = (0..n).filter(|&s| end[s] == top).collect();
        let (decided, drama) = if winners.len() < n {
            let margin = |v: &Rewards| {
                let w = winners.iter().map(|&s| v[s]).fold(f64::MIN, f64::max);
                let o = (0..n).filter(|s| !winners.contains(s)).map(|s| v[s]).fold(f64::MIN, f64::max);
                w - o
            };
            let actions = self.values.len() as u64 - 1;
            let mut settled = self.values.len();
            while settled > 0 && margin(&self.values[settled - 1]) > 0.0 {
                settled -= 1;
            }
            let drama = self.values.iter().map(|v| (-margin(v)).max(0.0)).fold(0.0, f64::max);
            let drama = (drama * 1e6).round() as u64;
            (six(settled as u64, actions.max(1)), format!("{}.{:06}", drama / 1_000_000, drama % 1_000_000))
        } else {
            (String::new(), String::new())
        };
        let mut cells = vec![
            decisions.to_string(),
            branching,
            self.chance_events.to_string(),
            outcomes,
            changes.to_string(),
            decided,
            drama,
        ];
        cells.extend((0..n).map(|s| self.decisions[s].to_string()));
        cells
    }
}

/// Replays every game of the run in `dir` from its `games.csv` row: the deal from the row's chance
/// seed, then each replayed action (found among the legal actions by its text, and by the next
/// replayed state when two actions read alike), recomputing the metrics from the states; asserts
/// that they equal the row's metric columns. Returns the rows' metric cells.
fn recompute<G: Heuristic>(spec: &Spec, dir: &Path) -> Vec<Vec<String>> {
    let mut reader = csv::Reader::from_path(dir.join(files::GAMES)).unwrap();
    let header = reader.headers().unwrap().clone();
    let first = header.iter().position(|h| h == "metric_decisions").expect("metric columns");
    let config = meeple::game::config::<G>(&spec.options).unwrap();
    let mut all = Vec::new();
    for row in reader.records() {
        let row = row.unwrap();
        let col = |name: &str| row[header.iter().position(|h| h == name).unwrap()].to_string();
        let (n, index): (usize, u64) = (col("players").parse().unwrap(), col("index").parse().unwrap());
        let replay = replay_spec::<G>(spec, Some(n), index, Path::new("bots")).unwrap();
        let mut chance = rng_from_seed(col("seed").parse().unwrap());
        let mut state = G::new_game(&config, n, &mut chance);
        let seed = derive(spec.seed, index, METRICS_STREAM);
        let mut m =
            Recomputed { decisions: [0; MAX_SEATS], legal: 0, chance_events: 0, chance_outcomes: 0, values: vec![] };
        let mut legal = Vec::new();
        for (t, step) in replay.steps.iter().enumerate() {
            assert_eq!(one_line(&state), step.state, "game {index}, action {t}");
            m.values.push(evaluate_all(&state));
            state.legal_actions(&mut legal);
            if legal.len() >= 2 {
                m.decisions[state.to_move().unwrap()] += 1;
                m.legal += legal.len() as u64;
            }
            let next = replay.steps.get(t + 1).map_or(&replay.end.state, |s| &s.state);
            let action = legal
                .iter()
                .copied()
                .filter(|a| a.to_string() == step.action)
                .find(|&a| {
                    let mut s = state.clone();
                    s.apply(a, &mut chance.clone());
                    one_line(&s) == *next
                })
                .unwrap_or_else(|| panic!("game {index}: no legal action reads {}", step.action));
            // Chance: did the action draw? Then its distinct results over the samples.
            let mut outcomes: Vec<G> = Vec::new();
            for j in 0..CHANCE_SAMPLES {
                let mut rng = sample_rng(seed, t as u32, j);
                let before = rng.clone();
                let mut s = state.clone();
                s.apply(action, &mut rng);
                if j == 0 && rng == before {
                    break;
                }
                if !outcomes.contains(&s) {
                    outcomes.push(s);
                }
            }
            if !outcomes.is_empty() {
                m.chance_events += 1;
                m.chance_outcomes += outcomes.len() as u64;
            }
            state.apply(action, &mut chance);
        }
        assert_eq!(one_line(&state), replay.end.state, "game {index}: the replay ends where the run did");
        let cells: Vec<String> = (first..row.len()).map(|c| row[c].to_string()).collect();
        if replay.end.rewards.is_some() {
            m.values.push(evaluate_all(&state));
            assert_eq!(cells[..7 + n], m.cells(n)[..], "game {index}: games.csv against the replay");
        } else {
            assert!(cells.iter().all(String::is_empty), "game {index}: an unfinished game has no metrics");
        }
        all.push(cells);
    }
    all
}

/// MOW (cards): every game's metrics equal the replay's; game 0's, exactly.
#[test]
fn mow_metrics_recomputed_from_replays() {
    let dir = tempfile::tempdir().unwrap();
    let spec = run::<MowState>(
        "game = 'mow'\nplayers = 3\ngames = 12\nseed = 5\nper_game = true\nmetrics = true\n",
        dir.path(),
    );
    let cells = recompute::<MowState>(&spec, dir.path());
    assert_eq!(cells.len(), 12);
    assert_eq!(
        cells[0],
        ["183", "4.202186", "135", "5.992593", "8", "0.482412", "0.416607", "65", "55", "63"],
        "game 0"
    );
}

/// Connect Four (board, no chance): every game's metrics equal the replay's; game 0's, exactly:
/// greedy (seat 0) wins in 7 actions, 4 decisions to random's 3, all 7 columns open at each
/// (branching 7), no chance; from the even deal greedy leads after its first move and never
/// loses the lead (no lead change, decided at 1/7, drama 0).
#[test]
fn connect4_metrics_recomputed_from_replays() {
    let dir = tempfile::tempdir().unwrap();
    let spec = run::<ConnectFour>(
        "game = 'connect4'\nbots = ['greedy', 'random']\ngames = 12\nseed = 5\nper_game = true\nmetrics = true\n",
        dir.path(),
    );
    let cells = recompute::<ConnectFour>(&spec, dir.path());
    assert!(cells.iter().all(|c| c[2] == "0"), "no chance in Connect Four");
    assert_eq!(cells[0], ["7", "7.000000", "0", "", "0", "0.142857", "0.000000", "4", "3"], "game 0");
}

/// Cat Café (dice): every game's metrics equal the replay's; game 0's, exactly.
#[test]
fn catcafe_metrics_recomputed_from_replays() {
    let dir = tempfile::tempdir().unwrap();
    let spec = run::<CatCafe>(
        "game = 'catcafe'\nplayers = 3\ngames = 6\nseed = 5\nper_game = true\nmetrics = true\n",
        dir.path(),
    );
    let cells = recompute::<CatCafe>(&spec, dir.path());
    assert_eq!(
        cells[0],
        ["125", "14.560000", "19", "7.947368", "2", "0.461538", "0.428975", "43", "40", "42"],
        "game 0"
    );
}

/// Threads and shards give the same `metrics.csv`, byte for byte; a run without `--metrics`
/// writes none and its `spec.toml` does not name the flag.
#[test]
fn metrics_merge_exactly_across_threads_and_shards() {
    let tmp = tempfile::tempdir().unwrap();
    let d = |name: &str| tmp.path().join(name).to_string_lossy().to_string();
    let base = ["play", "--game", "mow", "--players", "3-4", "--games", "30", "--seed", "9", "--quiet", "--metrics"];
    let ok = |extra: &[&str]| {
        let args: Vec<&str> = base.iter().chain(extra).copied().collect();
        let out = meeple(&args, tmp.path());
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    };
    ok(&["--threads", "1", "--out", &d("one")]);
    ok(&["--threads", "2", "--out", &d("two")]);
    ok(&["--threads", "2", "--shard", "1/2", "--out", &d("s1")]);
    ok(&["--threads", "1", "--shard", "2/2", "--out", &d("s2")]);
    let merged = meeple(&["merge", &d("s1"), &d("s2"), "--out", &d("merged")], tmp.path());
    assert!(merged.status.success(), "{}", String::from_utf8_lossy(&merged.stderr));
    let csv = |dir: &str| std::fs::read_to_string(Path::new(&d(dir)).join(files::METRICS)).unwrap();
    assert_eq!(csv("one"), csv("two"));
    assert_eq!(csv("one"), csv("merged"));
    assert!(csv("one").starts_with("players,metric,games,mean,sd,ci_low,ci_high\n3,actions,30,"), "{}", csv("one"));
    assert!(std::fs::read_to_string(Path::new(&d("one")).join(files::SPEC)).unwrap().contains("metrics = true"));
    let plain = meeple(
        &["play", "--game", "mow", "--players", "3", "--games", "5", "--quiet", "--out", &d("plain")],
        tmp.path(),
    );
    assert!(plain.status.success(), "{}", String::from_utf8_lossy(&plain.stderr));
    assert!(!Path::new(&d("plain")).join(files::METRICS).exists());
    assert!(!std::fs::read_to_string(Path::new(&d("plain")).join(files::SPEC)).unwrap().contains("metrics"));
    let report = meeple(&["report", &d("one")], tmp.path());
    assert!(report.status.success(), "{}", String::from_utf8_lossy(&report.stderr));
    let md = std::fs::read_to_string(Path::new(&d("one")).join("report.md")).unwrap();
    assert!(md.contains("## design metrics") && md.contains("metrics_tension.svg"), "{md}");
}

/// `meeple skill` pools the pairwise results of several runs: greedy beats random at Connect
/// Four with a clear gap.
#[test]
fn skill_depth_from_several_runs() {
    let tmp = tempfile::tempdir().unwrap();
    let d = |name: &str| tmp.path().join(name).to_string_lossy().to_string();
    for (seed, dir) in [("1", "a"), ("2", "b")] {
        let args =
            ["play", "--game", "connect4", "--bots", "greedy,random", "--games", "40", "--seed", seed, "--quiet"];
        let out = meeple(&[&args[..], &["--out", &d(dir)]].concat(), tmp.path());
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
    let out = meeple(&["skill", &d("a"), &d("b")], tmp.path());
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let row = text.lines().nth(1).unwrap();
    assert!(row.starts_with("2,greedy,random,80,"), "{text}");
    let gap: f64 = row.split(',').nth(7).unwrap().parse().unwrap();
    assert!(gap > 0.5, "{text}");
}

/// A gauntlet writes its skill depth itself: `OUT/skill.csv` is byte for byte what `meeple
/// skill` gives for its match folders, with `OUT/skill.svg`; at 3 seats (greedy alone against
/// two random seats, 30 games) a game gives 2 pairwise results, and the interval is the
/// bootstrap over deals.
#[test]
fn a_gauntlet_writes_skill_csv_equal_to_meeple_skill() {
    let tmp = tempfile::tempdir().unwrap();
    let d = |name: &str| tmp.path().join(name).to_string_lossy().to_string();
    let args = [
        "play",
        "--game",
        "mow",
        "--players",
        "3",
        "--bots",
        "greedy,random",
        "--tournament",
        "gauntlet",
        "--games",
        "30",
        "--seed",
        "3",
        "--threads",
        "1",
        "--quiet",
        "--out",
    ];
    let out = meeple(&[&args[..], &[&d("g")]].concat(), tmp.path());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(text.contains("3 players, greedy vs random: "), "{text}");
    let skill = std::fs::read_to_string(Path::new(&d("g")).join(files::SKILL)).unwrap();
    let row = skill.lines().nth(1).unwrap();
    assert!(row.starts_with("3,greedy,random,60,") && row.ends_with(",bootstrap_deals"), "{skill}");
    assert!(Path::new(&d("g")).join("skill.svg").is_file());
    let matches = Path::new(&d("g")).join("01-greedy-vs-random").to_string_lossy().to_string();
    let alone = meeple(&["skill", &matches, "--out", &d("skill.csv")], tmp.path());
    assert!(alone.status.success(), "{}", String::from_utf8_lossy(&alone.stderr));
    assert_eq!(std::fs::read_to_string(d("skill.csv")).unwrap(), skill);
    assert!(Path::new(&d("skill.svg")).is_file());
}

/// Cat Café shares a tied win (reward `1/k`): `seat_advantage` is seat 0's mean reward in
/// `summary.csv` minus `1/n`, at every count (to the 6th decimal), and not its outright wins
/// minus `1/n`, which count a shared win as a loss.
#[test]
fn catcafe_seat_advantage_is_seat_0s_mean_reward_minus_the_fair_share() {
    let dir = tempfile::tempdir().unwrap();
    run::<CatCafe>("game = 'catcafe'\nplayers = [2, 3]\ngames = 300\nseed = 8\nmetrics = true\n", dir.path());
    let read = |f: &str| {
        let mut r = csv::Reader::from_path(dir.path().join(f)).unwrap();
        let h: Vec<String> = r.headers().unwrap().iter().map(String::from).collect();
        r.records()
            .map(|x| h.iter().cloned().zip(x.unwrap().iter().map(String::from)).collect())
            .collect::<Vec<std::collections::HashMap<String, String>>>()
    };
    let (summary, metrics) = (read(files::SUMMARY), read(files::METRICS));
    let mut shared = 0;
    for n in [2usize, 3] {
        let seat0 = summary
            .iter()
            .find(|r| r["players"] == n.to_string() && r["label"] == "seat" && r["value"] == "0")
            .unwrap();
        let adv = metrics.iter().find(|r| r["players"] == n.to_string() && r["metric"] == "seat_advantage").unwrap();
        let num = |s: &str| s.parse::<f64>().unwrap();
        let fair = 1.0 / n as f64;
        assert!((num(&adv["mean"]) - (num(&seat0["mean_reward"]) - fair)).abs() <= 1e-6, "{n}: {adv:?} {seat0:?}");
        assert_eq!(adv["games"], "300");
        let (low, high) = (num(&adv["ci_low"]), num(&adv["ci_high"]));
        assert!(low < num(&adv["mean"]) && num(&adv["mean"]) < high, "{adv:?}");
        shared += num(&seat0["draws"]) as u64;
        assert!(num(&seat0["draws"]) == 0.0 || num(&seat0["win_rate"]) < num(&seat0["mean_reward"]), "{seat0:?}");
    }
    assert!(shared > 0, "some games end in a shared win");
}

/// `meeple skill --out DIR/x.csv` makes DIR when it does not exist.
#[test]
fn skill_out_creates_its_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let run = |bots: &str, out: &str| {
        let args =
            ["play", "--game", "connect4", "--bots", bots, "--games", "20", "--seed", "3", "--quiet", "--out", out];
        let o = meeple(&args, tmp.path());
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    };
    run("greedy,random", "gr");
    let out = meeple(&["skill", "gr", "--out", "new/deeper/skill.csv"], tmp.path());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let csv = std::fs::read(tmp.path().join("new/deeper/skill.csv")).unwrap();
    let printed = [&csv[..], b"wrote new/deeper/skill.csv, new/deeper/skill.svg\n"].concat();
    assert_eq!(out.stdout, printed, "the file holds the table printed");
    assert!(tmp.path().join("new/deeper/skill.svg").exists());
}
