//! Runner properties: determinism across thread counts, shards merging to a single run, replay.

use std::path::{Path, PathBuf};

use meeple::games::bang::BangState;
use meeple::games::connect4::ConnectFour;
use meeple::tournament::{Plan, Player, RunOptions, SeatMode, Shard, Spec, files, merge, prepare_output};

fn spec(games: u64, per_game: bool) -> Spec {
    toml::from_str::<Spec>(&format!(
        "game = 'connect4'\nbots = ['random', 'random']\ngames = {games}\nseed = 42\nseats = 'rotate'\nper_game = {per_game}\n"
    ))
    .unwrap()
}

fn run(spec: &Spec, out: &Path, threads: usize) {
    let opts = RunOptions { threads: Some(threads), quiet: true, profile_dir: PathBuf::from("bots") };
    prepare_output(out).unwrap();
    Plan::<ConnectFour>::new(spec, &opts.profile_dir).unwrap().run(out, &opts).unwrap();
}

fn read(dir: &Path, file: &str) -> Vec<u8> {
    std::fs::read(dir.join(file)).unwrap_or_else(|e| panic!("{}: {e}", dir.join(file).display()))
}

const OUTPUTS: [&str; 4] = [files::SPEC, files::COUNTS, files::SUMMARY, files::GAMES];

#[test]
fn one_and_two_threads_write_byte_identical_csv() {
    let tmp = tempfile::tempdir().unwrap();
    let (a, b) = (tmp.path().join("t1"), tmp.path().join("t2"));
    // More than one window of games, so the parallel split really differs.
    let s = spec(40_000, true);
    run(&s, &a, 1);
    run(&s, &b, 2);
    for f in OUTPUTS {
        assert!(read(&a, f) == read(&b, f), "{f} differs between 1 and 2 threads");
    }
    let games = String::from_utf8(read(&a, files::GAMES)).unwrap();
    assert_eq!(games.lines().count(), 40_001);
    assert!(
        games.starts_with("players,index,seed,length,truncated,seat0_bot,seat0_reward,seat1_bot,seat1_reward\n2,0,"),
        "a game without scores has no seatK_score columns"
    );
}

#[test]
fn four_shards_merged_equal_one_run_byte_for_byte() {
    let tmp = tempfile::tempdir().unwrap();
    // 5001 deals of two rotations: the four shards get unequal numbers of deals.
    let s = spec(10_002, true);
    let whole = tmp.path().join("whole");
    run(&s, &whole, 2);
    let shards: Vec<PathBuf> = (1..=4)
        .map(|k| {
            let dir = tmp.path().join(format!("shard{k}"));
            run(&Spec { shard: Some(Shard { k, n: 4 }), ..s.clone() }, &dir, 1 + k as usize % 2);
            dir
        })
        .collect();
    let merged = tmp.path().join("merged");
    // Any order of the shard directories.
    merge(&[shards[2].clone(), shards[0].clone(), shards[3].clone(), shards[1].clone()], &merged).unwrap();
    for f in OUTPUTS {
        assert!(read(&whole, f) == read(&merged, f), "{f}: merged shards differ from the single run");
    }
}

/// Plays a BANG! spec into `out` on two threads.
fn run_bang(spec: &Spec, out: &Path) {
    let opts = RunOptions { threads: Some(2), quiet: true, profile_dir: PathBuf::from("bots") };
    prepare_output(out).unwrap();
    Plan::<BangState>::new(spec, &opts.profile_dir).unwrap().run(out, &opts).unwrap();
}

/// Runs shards `1/n … n/n` of `s` into `root/shard1 …`; returns their directories.
fn run_bang_shards(s: &Spec, root: &std::path::Path, n: u64) -> Vec<PathBuf> {
    (1..=n)
        .map(|k| {
            let dir = root.join(format!("shard{k}"));
            run_bang(&Spec { shard: Some(Shard { k, n }), ..s.clone() }, &dir);
            dir
        })
        .collect()
}

#[test]
fn shards_of_a_multi_count_bang_run_merge_into_the_single_run() {
    let tmp = tempfile::tempdir().unwrap();
    let s: Spec =
        toml::from_str("game = 'bang'\nplayers = [4, 5]\nbots = ['random']\ngames = 301\nseed = 5\nper_game = true\n")
            .unwrap();
    let whole = tmp.path().join("whole");
    run_bang(&s, &whole);
    let shards = run_bang_shards(&s, tmp.path(), 3);
    let merged = tmp.path().join("merged");
    merge(&shards, &merged).unwrap();
    for f in OUTPUTS {
        assert!(read(&whole, f) == read(&merged, f), "{f}: merged shards differ from the single run");
    }
    let games = String::from_utf8(read(&whole, files::GAMES)).unwrap();
    assert!(games.lines().nth(1).unwrap().starts_with("4,0,") && games.lines().nth(302).unwrap().starts_with("5,0,"));
    assert!(games.lines().next().unwrap().contains("seat4_role"), "columns for the largest table");
    assert!(games.starts_with("players,index,seed,length,truncated,winner,seat0_bot,seat0_role,"), "game labels");
}

#[test]
fn merge_refuses_a_missing_shard() {
    let tmp = tempfile::tempdir().unwrap();
    let s = spec(100, false);
    let dirs: Vec<PathBuf> = [1, 3]
        .iter()
        .map(|&k| {
            let d = tmp.path().join(format!("s{k}"));
            run(&Spec { shard: Some(Shard { k, n: 3 }), ..s.clone() }, &d, 1);
            d
        })
        .collect();
    let err = merge(&dirs, &tmp.path().join("m")).unwrap_err();
    assert!(matches!(&err, meeple::tournament::MergeError::NotEachOnce { n: 3, got } if got == "1/3, 3/3"), "{err:?}");
    let err = err.to_string();
    assert!(err.contains("1/3") && err.contains("3/3"), "{err}");
    // A shard given twice is refused as such (locked once, listed twice), not merged once.
    let twice = [dirs[0].clone(), dirs[0].clone(), dirs[1].clone()];
    let err = merge(&twice, &tmp.path().join("m")).unwrap_err();
    assert!(
        matches!(&err, meeple::tournament::MergeError::NotEachOnce { n: 3, got } if got == "1/3, 1/3, 3/3"),
        "{err:?}"
    );
    assert!(!tmp.path().join("m").exists(), "nothing written");
}

#[test]
fn a_game_replays_from_its_seed_and_index() {
    let s = spec(10, false);
    let plan = Plan::<ConnectFour>::new(&s, Path::new("bots")).unwrap();
    let series = &plan.series[0];
    let mut moves_a = Vec::new();
    let a = Player::new(series).play_observed(series, 7, |_, m| moves_a.push(m));
    let mut moves_b = Vec::new();
    let b = Player::new(series).play_observed(series, 7, |_, m| moves_b.push(m));
    assert_eq!(moves_a, moves_b);
    assert_eq!(a.state, b.state);
    assert_eq!(a.length, moves_a.len());
    // A different game index is a different game.
    let c = Player::new(series).play(series, 8);
    assert_ne!(c.state, a.state);
}

#[test]
fn rotation_gives_each_bot_each_seat_equally() {
    let s = Spec { seats: Some(SeatMode::Rotate), ..spec(1000, false) };
    let plan = Plan::<ConnectFour>::new(&s, Path::new("bots")).unwrap();
    let series = &plan.series[0];
    let mut player = Player::new(series);
    let first_seat_lineup: Vec<usize> = (0..4).map(|i| player.play(series, i).lineup_of_seat[0]).collect();
    assert_eq!(first_seat_lineup, vec![0, 1, 0, 1]);
}

#[test]
fn truncated_games_are_counted_not_dropped() {
    let tmp = tempfile::tempdir().unwrap();
    // Connect Four games last at least 7 actions: a cap of 10 truncates some but not all.
    let s = Spec { max_actions: 10, ..spec(2000, false) };
    run(&s, tmp.path(), 2);
    let summary = String::from_utf8(read(tmp.path(), files::SUMMARY)).unwrap();
    let all: Vec<&str> = summary.lines().find(|l| l.starts_with("2,all,all,")).unwrap().split(',').collect();
    let (games, truncated): (u64, u64) = (all[3].parse().unwrap(), all[11].parse().unwrap());
    assert_eq!(games + truncated, 2000);
    assert!(truncated > 1000 && games > 50, "games {games}, truncated {truncated}");
    assert!(all[18].parse::<u64>().unwrap() <= 10, "longest finished game is within the cap");
}

#[test]
fn the_rotations_of_a_deal_share_its_chance_and_the_next_deal_differs() {
    let s: Spec =
        toml::from_str("game = 'bang'\nplayers = 5\nbots = ['random']\ngames = 20\nseed = 3\nseats = 'rotate'\n")
            .unwrap();
    let plan = Plan::<BangState>::new(&s, Path::new("bots")).unwrap();
    let series = &plan.series[0];
    let mut player = Player::new(series);
    let mut first_state = |i: u64| {
        let mut first = None;
        let played = player.play_observed(series, i, |state, _| {
            first.get_or_insert(*state);
        });
        (first.unwrap(), played.lineup_of_seat[0], played.length)
    };
    let deal: Vec<_> = (5..10).map(&mut first_state).collect();
    assert!(deal.iter().all(|d| d.0 == deal[0].0), "one deal: the same cards, roles and characters");
    assert_eq!(deal.iter().map(|d| d.1).collect::<Vec<_>>(), vec![0, 1, 2, 3, 4], "each rotation once");
    assert!(deal.iter().any(|d| d.2 != deal[0].2), "bots draw from each game's own streams");
    assert_ne!(first_state(10).0, deal[0].0, "the next deal is dealt anew");
    assert_ne!(first_state(4).0, deal[0].0, "and so was the one before");
}

#[test]
fn rotated_runs_must_be_whole_deals() {
    let err = Plan::<ConnectFour>::new(&spec(1001, false), Path::new("bots")).err().unwrap();
    assert!(matches!(err, meeple::tournament::PlanError::NotWholeDeals(_)), "{err:?}");
    let err = err.to_string();
    assert!(err.starts_with("games: 1001") && err.contains("1000 or 1002"), "{err}");
}

#[test]
fn two_player_rotation_counts_pentanomial_pairs_consistent_with_the_bot_rows() {
    let tmp = tempfile::tempdir().unwrap();
    let s = Spec { bots: vec!["greedy".into(), "random".into()], ..spec(1000, false) };
    run(&s, tmp.path(), 2);
    let counts: meeple::stats::Counts = serde_json::from_slice(&read(tmp.path(), files::COUNTS)).unwrap();
    let v = &counts.versus[&2];
    assert_eq!((v.bot_a.as_str(), v.bot_b.as_str(), v.games_per_deal, v.deals()), ("greedy", "random", 2, 500));
    assert!(v.deal_scores.keys().all(|k| k % 500_000 == 0 && *k <= 2_000_000), "{:?}", v.deal_scores);
    // In a two-player game A's score is its reward: the deal scores add up to the greedy bot's row.
    let greedy = counts.groups.iter().find(|(k, _)| k.label == "bot" && k.value == "greedy").unwrap().1;
    assert_eq!(v.deal_scores.iter().map(|(s, n)| s * n).sum::<u64>(), greedy.reward_micros);
    let versus = String::from_utf8(read(tmp.path(), files::VERSUS)).unwrap();
    assert!(versus.starts_with(
        "players,seats,bot_a,bot_b,games_per_deal,deals,truncated_deals,score,score_low,score_high,margin,margin_low,\
         margin_high,elo,elo_low,elo_high,deal_scores,sprt_llr,sprt_lower,sprt_upper,sprt_verdict,forfeited_deals,margin_deals\n2,rotate,greedy,random,2,500,0,"
    ));
}

#[test]
fn versus_counts_of_shards_merge_into_the_single_run() {
    let tmp = tempfile::tempdir().unwrap();
    let s: Spec = toml::from_str(
        "game = 'bang'\nplayers = 4\nbots = ['greedy', 'random', 'random', 'random']\ngames = 1204\nseed = 8\n\
         seats = 'rotate'\nper_game = true\n",
    )
    .unwrap();
    let whole = tmp.path().join("whole");
    run_bang(&s, &whole);
    let shards = run_bang_shards(&s, tmp.path(), 3);
    for (k, dir) in shards.iter().enumerate() {
        let games = String::from_utf8(read(dir, files::GAMES)).unwrap();
        assert_eq!((games.lines().count() - 1) % 4, 0, "shard {} holds whole deals", k + 1);
    }
    let merged = tmp.path().join("merged");
    merge(&shards, &merged).unwrap();
    for f in [files::SPEC, files::COUNTS, files::SUMMARY, files::GAMES, files::VERSUS] {
        assert!(read(&whole, f) == read(&merged, f), "{f}: merged shards differ from the single run");
    }
    let versus = String::from_utf8(read(&whole, files::VERSUS)).unwrap();
    assert!(versus.lines().nth(1).unwrap().starts_with("4,rotate,greedy,random,4,"), "{versus}");
}

/// The two Outlaws of a 5-player BANG! game win or lose together, so the `role = outlaw` row is
/// 2 seats per game but only one independent trial per game: its interval must be the
/// `winner = outlaws` interval (same rate, one trial per game), not a binomial over seats.
#[test]
fn outlaw_role_interval_counts_games_not_seats() {
    use meeple::stats::{Counts, summary_rows};
    let tmp = tempfile::tempdir().unwrap();
    let s: Spec = toml::from_str("game = 'bang'\nplayers = [5]\nbots = ['random']\ngames = 2000\nseed = 9\n").unwrap();
    run_bang(&s, tmp.path());
    let counts: Counts = serde_json::from_slice(&read(tmp.path(), files::COUNTS)).unwrap();
    let rows = summary_rows(&counts);
    let row = |label: &str, value: &str| rows.iter().find(|r| r.label == label && r.value == value).unwrap().clone();
    let (outlaw, outlaws, sheriff) = (row("role", "outlaw"), row("winner", "outlaws"), row("role", "sheriff"));
    assert_eq!(outlaw.games, 2 * outlaws.games, "two Outlaw seats per game");
    assert_eq!(outlaw.win_rate, outlaws.win_rate);
    let (lo, hi) = (outlaw.win_rate_low.unwrap(), outlaw.win_rate_high.unwrap());
    assert!((lo - outlaws.win_rate_low.unwrap()).abs() < 1e-12 && (hi - outlaws.win_rate_high.unwrap()).abs() < 1e-12);
    // One seat per game: the plain Wilson interval over games.
    let plain = meeple::stats::wilson_interval(sheriff.wins.unwrap(), sheriff.games, meeple::stats::Z_95);
    assert_eq!((sheriff.win_rate_low.unwrap(), sheriff.win_rate_high.unwrap()), plain);
}

#[test]
fn no_registered_game_has_a_label_named_like_a_games_csv_column() {
    for g in meeple::registry::GAMES {
        assert_eq!(meeple::tournament::label_clash(g.seat_labels, g.game_labels), None, "game {}", g.name);
    }
}

#[test]
fn a_label_named_like_a_games_csv_column_is_a_clash() {
    use meeple::tournament::label_clash;
    let clash = |seat: &[&'static str], game: &[&'static str]| label_clash(seat, game).expect("a clash").to_string();
    assert_eq!(
        clash(&["role", "score"], &[]),
        "seat label `score` is also a per-seat column of games.csv (reserved: bot, reward, score)"
    );
    assert!(clash(&["bot"], &[]).starts_with("seat label `bot`"));
    assert!(clash(&["reward"], &[]).starts_with("seat label `reward`"));
    assert_eq!(
        clash(&[], &["winner", "length"]),
        "game label `length` is also a per-game column of games.csv (reserved: players, index, seed, \
         length, truncated, forfeit_seat, forfeit_reason)"
    );
    assert!(clash(&[], &["forfeit_seat"]).starts_with("game label `forfeit_seat`"));
    assert_eq!(
        clash(&[], &["seat3_bot"]),
        "game label `seat3_bot` is named like a per-seat column of games.csv (`seat{s}_…`)"
    );
    assert_eq!(clash(&["a", "b", "a"], &[]), "label `a` is given twice");
    assert_eq!(clash(&[], &["w", "w"]), "label `w` is given twice");
    // summary.csv's own groups, and a seat label and a game label of one name, would merge groups.
    assert_eq!(clash(&["seat"], &[]), "label `seat` is also a group of summary.csv (reserved: all, seat, bot)");
    assert!(clash(&[], &["all"]).starts_with("label `all` is also a group"));
    assert!(clash(&[], &["bot"]).starts_with("label `bot` is also a group"));
    assert_eq!(clash(&["role", "winner"], &["winner"]), "label `winner` is given twice");
    assert_eq!(label_clash(&["money_band", "role"], &["winner", "seats", "seat_count"]), None);
}
