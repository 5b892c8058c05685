//! `meeple report`: its tables carry the numbers of summary.csv, it draws the plots, and runs of
//! several bots get ratings that agree with their per-bot rows.

use std::path::{Path, PathBuf};

use meeple::bots::Heuristic;
use meeple::games::bang::BangState;
use meeple::games::connect4::ConnectFour;
use meeple::report::{REPORT_FILE, report};
use meeple::tournament::{Plan, RunOptions, Shard, Spec, files, merge, prepare_output};

fn run<G: Heuristic>(text: &str, out: &Path) -> Spec {
    let spec: Spec = toml::from_str(text).unwrap();
    let opts = RunOptions { threads: Some(2), quiet: true, profile_dir: PathBuf::from("bots") };
    prepare_output(out).unwrap();
    Plan::<G>::new(&spec, &opts.profile_dir).unwrap().run(out, &opts).unwrap();
    spec
}

/// `summary.csv` as (header, rows).
fn summary(dir: &Path) -> (csv::StringRecord, Vec<csv::StringRecord>) {
    let mut r = csv::Reader::from_path(dir.join(files::SUMMARY)).unwrap();
    (r.headers().unwrap().clone(), r.records().map(Result::unwrap).collect())
}

/// The three percentages of a cell `44.94% [44.63, 45.25]`.
fn parse_cell(cell: &str) -> [f64; 3] {
    let nums: Vec<f64> = cell
        .split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap())
        .collect();
    nums.try_into().unwrap_or_else(|_| panic!("not a rate cell: {cell}"))
}

#[test]
fn report_tables_match_summary_csv_and_plots_are_drawn() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    run::<BangState>("game = 'bang'\nplayers = [4, 5]\nbots = ['random']\ngames = 300\nseed = 3\n", dir);
    let r = report(dir).unwrap();
    let (header, rows) = summary(dir);
    let col = |row: &csv::StringRecord, name: &str| row[header.iter().position(|h| h == name).unwrap()].to_string();
    let mut checked = 0;
    for row in &rows {
        let (players, label, value) = (col(row, "players"), col(row, "label"), col(row, "value"));
        if label == "all" {
            let lengths = r.tables.iter().find(|t| t.title.starts_with("game length")).unwrap();
            assert_eq!(lengths.cell(&players, "games"), Some(col(row, "games").as_str()));
            assert_eq!(lengths.cell(&players, "median"), Some(col(row, "length_median").as_str()));
            let mean: f64 = lengths.cell(&players, "mean").unwrap().parse().unwrap();
            assert!((mean - col(row, "length_mean").parse::<f64>().unwrap()).abs() <= 0.05 + 1e-9);
            continue;
        }
        let table = r.tables.iter().find(|t| t.header[0] == label).unwrap_or_else(|| panic!("no table for {label}"));
        let cell = table.cell(&value, &format!("{players} players")).unwrap();
        let want = ["win_rate", "win_rate_low", "win_rate_high"].map(|c| 100.0 * col(row, c).parse::<f64>().unwrap());
        for (got, want) in parse_cell(cell).iter().zip(want) {
            assert!((got - want).abs() <= 0.005 + 1e-9, "{label}={value} at {players}: {cell} vs {want}");
        }
        checked += 1;
    }
    assert!(checked > 40, "checked {checked} rows");
    // The balance verdicts first; then game labels, seat labels, seat and bot.
    let order: Vec<&str> = r.tables.iter().map(|t| t.header[0].as_str()).collect();
    assert_eq!(order, ["verdict", "winner", "character", "role", "seat_from_sheriff", "seat", "bot", "players"]);

    let md = std::fs::read_to_string(dir.join(REPORT_FILE)).unwrap();
    assert!(md.contains("| winner | 4 players | 5 players |") && md.contains("![role.svg](role.svg)"), "{md}");
    let plots: Vec<String> = r.plots.iter().map(|p| p.file_name().unwrap().to_string_lossy().to_string()).collect();
    assert_eq!(plots, ["winner.svg", "character.svg", "role.svg", "seat_from_sheriff.svg", "seat.svg"]);
    assert!(md.contains("![character.svg](character.svg)"), "{md}");
    let svg = std::fs::read_to_string(dir.join("winner.svg")).unwrap();
    assert!(svg.lines().any(|l| l.trim() == "share of games (%)"), "a per-game label's axis says what it shows");
    let svg = std::fs::read_to_string(dir.join("role.svg")).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("bang: win rate by role (95% Wilson intervals)"));
    // plotters writes each text element's content on its own line.
    for text in ["players", "win rate (%)", "sheriff", "renegade", "outlaw", "deputy"] {
        assert!(svg.lines().any(|l| l.trim() == text), "{text} missing from role.svg");
    }
}

/// The label with many values (BANG!'s 16 characters) gets a dot plot: one row per character,
/// top to bottom by the mean of its win rates over the player counts in `summary.csv`, each
/// count's dot with its Wilson interval bar.
#[test]
fn many_valued_label_gets_a_dot_plot_sorted_by_mean_rate() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    run::<BangState>("game = 'bang'\nplayers = [4, 6]\nbots = ['random']\ngames = 400\nseed = 5\n", dir);
    report(dir).unwrap();
    let (header, rows) = summary(dir);
    let col = |row: &csv::StringRecord, name: &str| row[header.iter().position(|h| h == name).unwrap()].to_string();
    let mut means: Vec<(String, f64)> = Vec::new();
    for row in rows.iter().filter(|r| col(r, "label") == "character") {
        let rate: f64 = col(row, "win_rate").parse().unwrap();
        match means.iter_mut().find(|(v, _)| *v == col(row, "value")) {
            Some((_, m)) => *m = (*m + rate) / 2.0,
            None => means.push((col(row, "value"), rate)),
        }
    }
    assert_eq!(means.len(), 16);
    // A stable sort by decreasing mean from the names' order keeps ties by name, as the plot does.
    means.sort_by(|a, b| b.1.total_cmp(&a.1));
    let svg = std::fs::read_to_string(dir.join("character.svg")).unwrap();
    assert!(svg.contains("bang: win rate by character (95% Wilson intervals)"), "{svg}");
    // plotters writes a text element's attributes on one line and its content on the next.
    let lines: Vec<&str> = svg.lines().collect();
    let y_of = |name: &str| -> f64 {
        let k = lines.iter().position(|l| l.trim() == name).unwrap_or_else(|| panic!("{name} missing"));
        let y = lines[k - 1].split("y=\"").nth(1).unwrap().split('"').next().unwrap();
        y.parse().unwrap()
    };
    let ys: Vec<f64> = means.iter().map(|(name, _)| y_of(name)).collect();
    assert!(ys.windows(2).all(|w| w[0] < w[1]), "rows not sorted by mean rate: {means:?} at {ys:?}");
    // A dot per character and player count (and two in the legend); plotters marks the middle of
    // each bar with an open circle, drawn under the dot.
    let circles = |fill: &str| lines.iter().filter(|l| l.starts_with("<circle") && l.contains(fill)).count();
    assert_eq!((circles("stroke=\"none\""), circles("fill=\"none\"")), (16 * 2 + 2, 16 * 2));
    for text in ["win rate (%)", "4 players", "6 players"] {
        assert!(lines.iter().any(|l| l.trim() == text), "{text} missing from character.svg");
    }
}

#[test]
fn two_bot_ratings_agree_with_the_bot_rows_and_merge_exactly() {
    let tmp = tempfile::tempdir().unwrap();
    let text = "game = 'connect4'\nbots = ['random', 'greedy']\ngames = 400\nseed = 8\nseats = 'rotate'\n";
    let whole = tmp.path().join("whole");
    let spec = run::<ConnectFour>(text, &whole);
    let ratings = std::fs::read_to_string(whole.join(files::RATINGS)).unwrap();
    let lines: Vec<&str> = ratings.lines().collect();
    assert_eq!(lines.len(), 3, "{ratings}");
    assert!(lines[1].starts_with("2,rotate,random,random,elo,400,"), "{ratings}");
    // In a 2-player game the pairwise result is the game's result: greedy's W/D/L are its bot row's.
    let (header, rows) = summary(&whole);
    let col = |row: &csv::StringRecord, name: &str| row[header.iter().position(|h| h == name).unwrap()].to_string();
    let greedy = rows.iter().find(|r| &r[1] == "bot" && &r[2] == "greedy").unwrap();
    let wdl = format!("{},{},{}", col(greedy, "wins"), col(greedy, "draws"), col(greedy, "losses"));
    assert!(lines[2].starts_with(&format!("2,rotate,greedy,random,elo,400,{wdl},")), "{ratings} vs {wdl}");
    let elo: f64 = lines[2].split(',').nth(11).unwrap().parse().unwrap();
    assert!(elo > 100.0, "greedy beats random at Connect Four: {ratings}");
    let r = report(&whole).unwrap();
    assert!(r.ratings.as_ref().unwrap().contains("greedy"), "{:?}", r.ratings);
    assert!(r.tables.iter().any(|t| t.header[0] == "bot" && t.cell("greedy", "2 players").is_some()));

    let shards: Vec<PathBuf> = (1..=2)
        .map(|k| {
            let dir = tmp.path().join(format!("s{k}"));
            let opts = RunOptions { threads: Some(1), quiet: true, profile_dir: PathBuf::from("bots") };
            prepare_output(&dir).unwrap();
            let shard = Spec { shard: Some(Shard { k, n: 2 }), ..spec.clone() };
            Plan::<ConnectFour>::new(&shard, &opts.profile_dir).unwrap().run(&dir, &opts).unwrap();
            dir
        })
        .collect();
    merge(&shards, &tmp.path().join("merged")).unwrap();
    for f in [files::COUNTS, files::RATINGS] {
        assert_eq!(
            std::fs::read(whole.join(f)).unwrap(),
            std::fs::read(tmp.path().join("merged").join(f)).unwrap(),
            "{f}"
        );
    }
}

/// `report.md` starts with the spec (every field of `spec.toml`), then bot A against bot B as in
/// `versus.csv`, and the SPRT's verdict with where it stopped.
#[test]
fn report_starts_with_the_spec_then_versus_and_the_sprt() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let text = "game = 'connect4'\nbots = ['greedy', 'random']\ngames = 4000\nseed = 2\nseats = 'rotate'\n\
                max_actions = 500\nsprt = { elo0 = 0, elo1 = 50, alpha = 0.05, beta = 0.05 }\n";
    run::<ConnectFour>(text, dir);
    let r = report(dir).unwrap();
    let spec = r.spec.as_ref().unwrap();
    for (field, value) in [
        ("game", "connect4"),
        ("options", "none set (the game's defaults)"),
        ("players", "2 (the game's or the lineup's)"),
        ("bots", "greedy, random"),
        ("seats", "rotate"),
        ("games (per player count)", "4000"),
        ("seed", "2"),
        ("max_actions (action cap per game)", "500"),
        ("sprt", "alpha = 0.05, beta = 0.05, elo0 = 0.0, elo1 = 50.0"),
    ] {
        assert_eq!(spec.cell(field, "value"), Some(value), "{field}: {spec:?}");
    }
    // From run.toml: the bots' resolved parameters and the version that made the run.
    assert_eq!(spec.cell("bots, resolved", "value"), Some("greedy = greedy; random = random"));
    assert!(spec.cell("meeple", "value").unwrap().starts_with(env!("CARGO_PKG_VERSION")), "{spec:?}");
    let csv = std::fs::read_to_string(dir.join(files::VERSUS)).unwrap();
    let (header, row) = (csv.lines().next().unwrap(), csv.lines().nth(1).unwrap());
    let col = |name: &str| row.split(',').nth(header.split(',').position(|h| h == name).unwrap()).unwrap();
    let pct = |name: &str| format!("{:.2}", 100.0 * col(name).parse::<f64>().unwrap());
    let versus = r.versus.as_ref().unwrap();
    let score = format!("{} [{}, {}]", pct("score"), pct("score_low"), pct("score_high"));
    assert_eq!(versus.cell("2", "A's score % [95%]"), Some(score.as_str()), "{versus:?}");
    let deals: u64 = col("deals").parse().unwrap();
    assert_eq!(versus.cell("2", "deals × games"), Some(format!("{deals} × 2").as_str()));
    assert_eq!((versus.cell("2", "seats"), versus.cell("2", "bot A")), (Some("rotate"), Some("greedy")));
    let sprt = r.sprt.as_ref().unwrap();
    assert!(deals * 2 < 4000 && col("sprt_verdict") == "h1", "greedy beats random early: {csv}");
    assert_eq!(sprt.cell("2", "verdict"), Some("H1 accepted: elo >= 50"));
    assert_eq!(sprt.cell("2", "stopped"), Some(format!("early, after {} of 4000 games", 2 * deals).as_str()));
    let llr: f64 = col("sprt_llr").parse().unwrap();
    assert_eq!(sprt.cell("2", "LLR [H0 bound, H1 bound]"), Some(format!("{llr:.3} [-2.944, 2.944]").as_str()));

    let md = std::fs::read_to_string(dir.join(REPORT_FILE)).unwrap();
    let at = |heading: &str| md.find(heading).unwrap_or_else(|| panic!("{heading} missing: {md}"));
    let order =
        ["## spec (spec.toml, run.toml)", "## caveats", "## bot A against bot B (versus.csv)", "## SPRT", "## ratings"];
    let places: Vec<usize> = order.iter().map(|h| at(h)).collect();
    assert!(places.windows(2).all(|w| w[0] < w[1]), "{places:?}: {md}");
    assert!(md[..places[0]].lines().all(|l| l.is_empty() || l.starts_with("# ")), "the spec comes first: {md}");
    assert!(places[4] < at("## win rate by seat"), "{md}");
    assert!(md.contains("| game | connect4 |\n") && md.contains("| max_actions (action cap per game) | 500 |\n"));
}

#[test]
fn report_names_what_is_missing() {
    let tmp = tempfile::tempdir().unwrap();
    assert!(report(&tmp.path().join("nope")).unwrap_err().to_string().contains("no run directory at"));
    let err = report(tmp.path()).unwrap_err().to_string();
    assert!(err.contains("has no counts.json"), "{err}");
    std::fs::write(tmp.path().join("checkpoint.json"), "{}").unwrap();
    let err = report(tmp.path()).unwrap_err().to_string();
    assert!(err.contains("holds an unfinished run") && err.contains("rerun the play or run command"), "{err}");
}
