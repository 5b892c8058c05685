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

/// No bot can peek (the "cannot-peek check for every bot kind"): every bot kind, and the
/// measured profile `ismcts-1k-lewisclark`, decides the same at positions of random games at 2-5
/// players and at a determinization of them. Lewis & Clark has perfect information, so this holds
/// by construction as long as `determinize` is the identity; the check keeps it so. The games stop
/// after 12 rounds (`max_rounds`) so that random rollouts stay short.
#[test]
fn no_bot_can_peek_at_lewisclark() {
    use meeple::bots::BotSpec;
    use meeple::bots::peek_check::{check_cannot_peek, every_kind};
    use rand::RngExt;
    let mut specs = every_kind();
    specs.push(BotSpec::parse("ismcts-1k-lewisclark", "bots".as_ref()).unwrap());
    let config = Config { max_rounds: 12, ..Config::default() };
    let mut rng = rng_from_seed(43);
    let mut legal = Vec::new();
    let mut checked = 0;
    for n in 2..=5 {
        let mut s = LewisClark::new(&config, n, &mut rng);
        for step in 0u64.. {
            s.legal_actions(&mut legal);
            if legal.is_empty() {
                break;
            }
            if step % 97 == 13 && legal.len() > 1 && step < 400 {
                check_cannot_peek(&s, &specs, 100 + step, 200 + step).unwrap();
                checked += 1;
            }
            s.apply(legal[rng.random_range(0..legal.len())], &mut rng);
        }
    }
    assert!(checked >= 8, "{checked} positions checked");
}
