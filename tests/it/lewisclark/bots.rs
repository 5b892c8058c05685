//! The bots on Lewis & Clark: greedy self-play reaches the fort (a diagnostic, ignored).

use super::*;

/// Greedy self-play at 2-5 players: how often the game ends at the fort, in how many rounds, and
/// the best camp reached (diagnostics for the heuristic; `LC_GAMES` games per count).
#[test]
#[ignore = "diagnostic"]
fn greedy_fort_rate() {
    use meeple::bots::{BotSpec, InfoSet};
    let games: u64 = std::env::var("LC_GAMES").ok().and_then(|g| g.parse().ok()).unwrap_or(10);
    let spec = BotSpec::parse("greedy", "bots".as_ref()).unwrap();
    for n in 2..=5 {
        let (mut fort, mut rounds, mut best) = (0, 0u32, Vec::new());
        for g in 0..games {
            let mut agents: Vec<_> = (0..n).map(|_| spec.agent::<LewisClark>()).collect();
            let mut rng = rng_from_seed(1000 + g);
            let mut s = LewisClark::new(&Config::default(), n, &mut rng);
            let mut legal = Vec::new();
            while let Some(seat) = s.to_move() {
                s.legal_actions(&mut legal);
                let a = agents[seat].act(&InfoSet::new(&s, &legal), &mut rng);
                s.apply(a, &mut rng);
            }
            fort += u32::from(s.end_label() == "fort");
            rounds += u32::from(s.round);
            best.push((0..n).map(|p| s.seats[p].camp).max().unwrap());
        }
        eprintln!(
            "{n} players: {fort}/{games} at the fort, mean rounds {:.1}, best camps {best:?}",
            f64::from(rounds) / games as f64
        );
    }
}
