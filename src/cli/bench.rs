//! `meeple bench`: random playouts per second on one and on all cores, or a bot's decisions per
//! second.

use std::num::NonZeroUsize;

use meeple::bench::BenchReport;
use meeple::bots::{AgentBench, BotSpec};
use meeple::game::players_text;
use meeple::registry::find;

use super::args::{BenchArgs, parse_options};

/// Runs the measurement `a` asks for and prints it.
///
/// # Errors
/// An unknown game, bad options or player count, a bot that does not parse or cannot play.
pub fn bench(a: BenchArgs) -> anyhow::Result<()> {
    let game = find(&a.game)?;
    let options = parse_options(&a.options)?;
    let players = match a.players {
        Some(p) => p,
        None => *(game.players)(&options)?.start(),
    };
    if let Some(bot) = &a.bot {
        let spec = BotSpec::parse(bot, &a.bots_dir)?;
        let r = (game.bench_bot)(&options, players, &spec, a.seconds)?;
        println!("{}", bot_line(game.name, &spec, players, &r));
        return Ok(());
    }
    let r = (game.bench)(&options, players, a.seconds, a.threads.map_or(0, NonZeroUsize::get))?;
    print!("{}", playouts_text(game.name, &r));
    Ok(())
}

/// The line of a bot's measurement.
fn bot_line(game: &str, spec: &BotSpec, players: usize, r: &AgentBench) -> String {
    let iterations = match (r.iterations_per_sec(), r.iterations_per_decision()) {
        (Some(s), Some(d)) => format!("  {s:>12.0} iterations/s  ({d:.0} iterations/decision)"),
        _ => String::new(),
    };
    format!(
        "{game} bot {spec}, {}, first position, 1 thread: {:>10.1} decisions/s{iterations}  ({} decisions in {:.1} s)",
        players_text(&(players..=players)),
        r.decisions_per_sec(),
        r.decisions,
        r.seconds
    )
}

/// The lines of a random-playout measurement: a heading, then one line per thread count.
fn playouts_text(game: &str, r: &BenchReport) -> String {
    let mut out = format!(
        "{game} random playouts, {} (per wall-second, then per CPU-second of the playing threads)\n",
        players_text(&(r.players..=r.players))
    );
    let parallel = r.parallel.map(|t| (format!("{} threads", r.threads), t));
    for (what, t) in std::iter::once(("1 thread".to_string(), r.single)).chain(parallel) {
        let cpu = match (t.games_per_cpu_sec(), t.actions_per_cpu_sec(), t.cpu_seconds) {
            (Some(g), Some(a), Some(c)) => format!("  per CPU-second: {g:.0} games, {a:.0} actions ({c:.2} CPU-s)"),
            _ => String::new(),
        };
        out += &format!(
            "  {what:<10} {:>12.0} games/s  {:>14.0} actions/s  ({} games in {:.1} s){cpu}\n",
            t.games_per_sec(),
            t.actions_per_sec(),
            t.games,
            t.seconds
        );
    }
    out
}
