//! Cross-tabulations recorded at play time (`--crosstab A,B`, issue 40's F19): `meeple report
//! DIR --by A,B` from the pair's sums in `counts.json` gives the same bytes as from `games.csv`,
//! at two and four seats, for a seat label and a game label against the seat; the sums are the
//! same for any thread count and shard split; and `--by` names only labels.

use std::path::{Path, PathBuf};

use meeple::games::president::PresidentState;
use meeple::tournament::{Plan, RunOptions, Shard, Spec, files, merge, prepare_output};

use crate::common::{fails, meeple, succeeds};

/// Plays `args` twice in `dir`: into `counts` with `--crosstab` of every pair of `pairs` (and
/// `--per-game`), into `csv` with `--per-game` only; then `report --by` of each pair from both,
/// which must give the same CSV bytes and heat maps, the first from counts.json and the second
/// from games.csv.
fn same_from_counts_and_games_csv(args: &[&str], pairs: &[&str], dir: &Path) {
    let crosstabs: Vec<&str> = pairs.iter().flat_map(|p| ["--crosstab", p]).collect();
    let common = [args, &["--per-game", "--quiet", "--threads", "2"]].concat();
    succeeds(&[&common[..], &crosstabs, &["--out", "counts"]].concat(), dir);
    succeeds(&[&common[..], &["--out", "csv"]].concat(), dir);
    for pair in pairs {
        let from_counts = succeeds(&["report", "counts", "--by", pair], dir);
        let from_csv = succeeds(&["report", "csv", "--by", pair], dir);
        let (c, g) = (String::from_utf8_lossy(&from_counts.stdout), String::from_utf8_lossy(&from_csv.stdout));
        assert!(c.contains("(from counts.json;"), "{c}");
        assert!(g.contains("(from games.csv;"), "{g}");
        let name = format!("crosstab_{}.csv", pair.replace(',', "_"));
        let (a, b) = (
            std::fs::read(dir.join("counts").join(&name)).unwrap(),
            std::fs::read(dir.join("csv").join(&name)).unwrap(),
        );
        assert!(
            a == b,
            "{pair}: counts.json gives\n{}\ngames.csv gives\n{}",
            String::from_utf8_lossy(&a),
            String::from_utf8_lossy(&b)
        );
        assert!(a.len() > 200, "{}", String::from_utf8_lossy(&a));
        // The printed tables agree too, but for the source in their titles.
        let same = |t: &str, source: &str, dir: &str| {
            t.replace(source, "SOURCE").replace(&format!("{dir}/crosstab"), "X/crosstab")
        };
        assert_eq!(same(&c, "counts.json", "counts"), same(&g, "games.csv", "csv"));
    }
    // A pair recorded as `A,B` is also read as `B,A`.
    let (a, b) = pairs[0].split_once(',').unwrap();
    let out = succeeds(&["report", "counts", "--by", &format!("{b},{a}")], dir);
    assert!(String::from_utf8_lossy(&out.stdout).contains("(from counts.json;"));
}

#[test]
fn crosstab_from_counts_equals_games_csv_at_four_seats() {
    let tmp = tempfile::tempdir().unwrap();
    let args = ["play", "--game", "president", "--players", "4", "--bots", "random,greedy", "--games", "240"];
    // A seat label and a game label against the seat, and the bot against the seat.
    same_from_counts_and_games_csv(&args, &["first_role,seat", "hands,seat", "bot,seat"], tmp.path());
}

#[test]
fn crosstab_from_counts_equals_games_csv_at_two_seats() {
    let tmp = tempfile::tempdir().unwrap();
    let args = ["play", "--game", "mow", "--players", "2", "--bots", "random,greedy", "--games", "300", "--seed", "4"];
    same_from_counts_and_games_csv(&args, &["flies,seat", "rounds,seat", "seat,bot"], tmp.path());
}

/// Plays `spec` into `out` on `threads` threads.
fn run(spec: &Spec, out: &Path, threads: usize) {
    let opts = RunOptions { threads: Some(threads), quiet: true, profile_dir: PathBuf::from("bots") };
    prepare_output(out).unwrap();
    Plan::<PresidentState>::new(spec, &opts.profile_dir).unwrap().run(out, &opts).unwrap();
}

/// The pairs' sums in `counts.json` are the same bytes on 1 and 2 threads and after merging
/// three shards (of unequal sizes), and the report from them is the same.
#[test]
fn crosstab_counts_are_the_same_for_any_thread_count_and_shard_split() {
    let tmp = tempfile::tempdir().unwrap();
    let s: Spec = toml::from_str(
        "game = 'president'\nplayers = [4, 5]\nbots = ['random', 'greedy']\ngames = 4000\nseed = 7\n\
         crosstab = ['first_role,seat', 'hands,bot']\n",
    )
    .unwrap();
    let (one, two) = (tmp.path().join("one"), tmp.path().join("two"));
    run(&s, &one, 1);
    run(&s, &two, 2);
    let counts = std::fs::read(one.join(files::COUNTS)).unwrap();
    assert!(String::from_utf8_lossy(&counts).contains("\"crosstabs\":{\"first_role,seat\":"), "recorded");
    assert!(counts == std::fs::read(two.join(files::COUNTS)).unwrap(), "counts.json differs between 1 and 2 threads");
    let shards: Vec<PathBuf> = (1..=3)
        .map(|k| {
            let dir = tmp.path().join(format!("shard{k}"));
            run(&Spec { shard: Some(Shard { k, n: 3 }), ..s.clone() }, &dir, 1 + k as usize % 2);
            dir
        })
        .collect();
    let merged = tmp.path().join("merged");
    merge(&[shards[2].clone(), shards[0].clone(), shards[1].clone()], &merged).unwrap();
    for f in [files::COUNTS, files::SUMMARY, files::SPEC] {
        assert!(
            std::fs::read(one.join(f)).unwrap() == std::fs::read(merged.join(f)).unwrap(),
            "{f}: merged shards differ"
        );
    }
    for dir in ["one", "merged"] {
        succeeds(&["report", dir, "--by", "first_role,seat"], tmp.path());
    }
    let name = "crosstab_first_role_seat.csv";
    assert!(std::fs::read(one.join(name)).unwrap() == std::fs::read(merged.join(name)).unwrap());
}

/// Without the pair recorded and without games.csv, `--by` says how to get it; a pair of
/// unknown labels is refused at play time with the labels there are.
#[test]
fn a_crosstab_neither_recorded_nor_in_games_csv_says_how_to_record_it() {
    let tmp = tempfile::tempdir().unwrap();
    let args = ["play", "--game", "president", "--players", "4", "--games", "8", "--quiet", "--out", "run"];
    succeeds(&args, tmp.path());
    let err = fails(&["report", "run", "--by", "first_role,seat"], tmp.path());
    assert!(err.contains("rerun with `--crosstab first_role,seat`") && err.contains("`--per-game`"), "{err}");
    let err = fails(&["report", "run", "--by", "colour,seat"], tmp.path());
    assert!(err.contains("no label `colour`") && err.contains("labels: seat, bot,"), "{err}");
    let err = fails(&[&args[..8], &["--crosstab", "colour,seat", "--out", "bad"]].concat(), tmp.path());
    assert!(err.contains("crosstab: president has no label `colour`; labels: seat, bot, first_role"), "{err}");
    assert!(!tmp.path().join("bad/counts.json").exists());
    let err = fails(&[&args[..8], &["--crosstab", "seat", "--out", "bad"]].concat(), tmp.path());
    assert!(err.contains("not two labels separated by a comma"), "{err}");
}

/// N6: `--by` takes labels only, not games.csv's other columns (rewards, scores, bots of one
/// seat, forfeits, metrics), and the error lists the labels.
#[test]
fn crosstab_by_refuses_columns_that_are_not_labels() {
    let tmp = tempfile::tempdir().unwrap();
    let args = ["play", "--game", "president", "--players", "4", "--games", "8", "--quiet", "--per-game", "--metrics"];
    succeeds(&[&args[..], &["--out", "run"]].concat(), tmp.path());
    for bad in ["seat0_score", "seat1_bot", "reward", "score", "index", "metric_decisions", "length"] {
        let err = fails(&["report", "run", "--by", &format!("{bad},seat")], tmp.path());
        assert!(err.contains(&format!("no label `{bad}` in games.csv; labels: seat, bot, first_role")), "{bad}: {err}");
        assert!(!err.contains("reward") || bad == "reward", "{err}");
    }
    assert!(meeple(&["report", "run", "--by", "bot,seat"], tmp.path()).status.success());
}

/// N7: under `--forfeit loss` a forfeited game counts in the cells of setup labels as the loss
/// of the forfeiting seat (the score column stays: the mean is over the seat-games with a score),
/// and a pair with an outcome label leaves its seats out and says how many; counts.json and
/// games.csv agree.
#[test]
fn forfeits_count_as_losses_in_a_crosstab_and_outcome_pairs_leave_them_out() {
    let tmp = tempfile::tempdir().unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bots/faulty.py");
    std::fs::write(
        tmp.path().join("faulty.toml"),
        format!(
            "kind = 'ext'\ncommand = 'python3'\nargs = [{:?}, 'illegal', '200']\ntimeout_ms = 10000\n",
            script.display()
        ),
    )
    .unwrap();
    let args = ["play", "--game", "mow", "--players", "3", "--bots", "faulty,random", "--games", "60", "--seed", "3"];
    let opts = ["--bots-dir", ".", "--threads", "1"];
    let run = |out: &str, extra: &[&str]| succeeds(&[&args[..], &opts, extra, &["--out", out]].concat(), tmp.path());
    run("counts", &["--per-game", "--crosstab", "bot,seat", "--crosstab", "flies,seat"]);
    run("csv", &["--per-game"]);
    let games = std::fs::read_to_string(tmp.path().join("csv/games.csv")).unwrap();
    let forfeited = games.lines().skip(1).filter(|l| l.split(',').nth(5).is_some_and(|f| !f.is_empty())).count();
    assert!(forfeited > 0 && forfeited < 60, "{forfeited} of 60 games forfeited");
    for (pair, name) in [("bot,seat", "crosstab_bot_seat.csv"), ("flies,seat", "crosstab_flies_seat.csv")] {
        let from_counts = succeeds(&["report", "counts", "--by", pair], tmp.path());
        let from_csv = succeeds(&["report", "csv", "--by", pair], tmp.path());
        let (a, b) = (
            std::fs::read(tmp.path().join("counts").join(name)).unwrap(),
            std::fs::read(tmp.path().join("csv").join(name)).unwrap(),
        );
        assert!(a == b, "{pair}:\n{}\n{}", String::from_utf8_lossy(&a), String::from_utf8_lossy(&b));
        let text = String::from_utf8(a).unwrap();
        let rows: Vec<Vec<&str>> = text.lines().skip(1).map(|l| l.split(',').collect()).collect();
        assert!(rows.iter().all(|r| !r[1].is_empty() && !r[8].is_empty()), "no blank value, every mean score:\n{text}");
        let seat_games: u64 = rows.iter().map(|r| r[3].parse::<u64>().unwrap()).sum();
        let note = format!("{} seat-games of forfeited games left out", 3 * forfeited);
        let (c, g) = (String::from_utf8_lossy(&from_counts.stdout), String::from_utf8_lossy(&from_csv.stdout));
        if pair == "bot,seat" {
            assert_eq!(seat_games, 3 * 60, "every game counts, forfeits as losses:\n{text}");
            assert!(!c.contains("left out") && !g.contains("left out"), "{c}");
        } else {
            assert_eq!(seat_games, 3 * (60 - forfeited as u64), "{text}");
            assert!(c.contains(&note) && g.contains(&note), "{c}\n{g}");
        }
    }
}

/// nc40c G4: `report DIR --by A,B` on a folder that is not a finished run gives plain `report`'s
/// message (no counts.json; a tournament root, naming a match folder), not "rerun with
/// --crosstab"; a missing folder says so, not "cannot lock … (os error 2)".
#[test]
fn crosstab_of_a_folder_that_is_not_a_run_says_what_it_is() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::create_dir(tmp.path().join("empty")).unwrap();
    let plain = fails(&["report", "empty"], tmp.path());
    let by = fails(&["report", "empty", "--by", "seat,bot"], tmp.path());
    assert!(by.contains("empty has no counts.json: give a directory written by play, run or merge"), "{by}");
    assert_eq!(by, plain);
    // A tournament's root without crosstable.csv (a tournament stopped before it): its match folders.
    let args = ["play", "--game", "mow", "--players", "2", "--bots", "random,greedy", "--games", "4", "--quiet"];
    succeeds(&[&args[..], &["--out", "t/01-random-vs-greedy"]].concat(), tmp.path());
    let by = fails(&["report", "t", "--by", "seat,bot"], tmp.path());
    // nc40e N6: unfinished, and how to finish it, not results that do not exist yet.
    assert!(by.contains("t holds an unfinished tournament") && by.contains("e.g. t/01-random-vs-greedy"), "{by}");
    assert!(by.contains("rerun the play or run command") && !by.contains("its results are"), "{by}");
    assert_eq!(by, fails(&["report", "t"], tmp.path()));
    let missing = fails(&["report", "nope", "--by", "seat,bot"], tmp.path());
    assert!(missing.contains("no such directory") && !missing.contains("cannot lock"), "{missing}");
}

/// nc40c G7: a run with declared pairs says it recorded them and how to see them, `report DIR`
/// writes each recorded pair's table, CSV and heat maps, and report.md writes the pairs as pairs.
#[test]
fn recorded_crosstabs_are_announced_and_reported() {
    let tmp = tempfile::tempdir().unwrap();
    let args = ["play", "--game", "mow", "--players", "3", "--bots", "random,greedy", "--games", "30", "--seed", "5"];
    let pairs = ["--crosstab", "seat,bot", "--crosstab", "rounds,seat", "--quiet", "--out", "pp"];
    let out = succeeds(&[&args[..], &pairs].concat(), tmp.path());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("cross-tabulations recorded: seat × bot; rounds × seat (meeple report pp --by seat,bot;"),
        "{text}"
    );
    let report = succeeds(&["report", "pp"], tmp.path());
    let printed = String::from_utf8_lossy(&report.stdout);
    let md = std::fs::read_to_string(tmp.path().join("pp/report.md")).unwrap();
    for doc in [&printed.to_string(), &md] {
        assert!(doc.contains("cross-tabulation of seat and bot (from counts.json;"), "{doc}");
        assert!(doc.contains("cross-tabulation of rounds and seat (from counts.json;"), "{doc}");
    }
    assert!(md.contains("| seat × bot; rounds × seat |"), "{md}");
    assert!(md.contains("![crosstab_seat_bot_3p.svg](crosstab_seat_bot_3p.svg)"), "{md}");
    // The same bytes as `--by`.
    let csv = std::fs::read(tmp.path().join("pp/crosstab_seat_bot.csv")).unwrap();
    succeeds(&["report", "pp", "--by", "seat,bot"], tmp.path());
    assert_eq!(csv, std::fs::read(tmp.path().join("pp/crosstab_seat_bot.csv")).unwrap());
}

/// nc40e N6: README says `B,A` names the same pair as `A,B`; a run recorded with `--crosstab
/// seat,bot` grows (and is complete again) when given `--crosstab bot,seat`, keeping the
/// recorded orientation, instead of being refused as another spec.
#[test]
fn a_reversed_crosstab_pair_continues_the_recorded_run() {
    let tmp = tempfile::tempdir().unwrap();
    let args = ["play", "--game", "mow", "--players", "2", "--bots", "random,greedy", "--seed", "1", "--quiet"];
    succeeds(&[&args[..], &["--games", "4", "--crosstab", "seat,bot", "--out", "r"]].concat(), tmp.path());
    succeeds(&[&args[..], &["--games", "4", "--crosstab", "bot,seat", "--out", "r"]].concat(), tmp.path());
    succeeds(&[&args[..], &["--games", "8", "--crosstab", "bot,seat", "--out", "r"]].concat(), tmp.path());
    let spec = std::fs::read_to_string(tmp.path().join("r/spec.toml")).unwrap();
    assert!(spec.contains("\"seat,bot\"") && !spec.contains("\"bot,seat\"") && spec.contains("games = 8"), "{spec}");
}
