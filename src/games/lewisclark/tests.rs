//! Unit tests of the data tables (W1) and of small helpers; the rule tests are in
//! `tests/it/lewisclark/`.

use super::data::*;
use super::*;
use crate::game::rng_from_seed;

#[test]
fn w1_data_tables() {
    let cards: Vec<u8> = (1..=54).map(enc).collect();
    for s in 1..=3 {
        assert_eq!(cards.iter().filter(|&&c| strength(c) == s).count(), 18);
    }
    assert_eq!(cards.iter().map(|&c| u32::from(strength(c))).sum::<u32>(), 108);
    let badges = |k| cards.iter().filter(|&&c| badge(c) == k).count();
    assert_eq!([badges(W), badges(F), badges(E), badges(FD)], [17, 17, 10, 10]);
    assert_eq!(cards.iter().filter(|&&c| is_passive(c)).count(), 5);
    for seat in 0..5 {
        assert_eq!((0..6).map(|r| u32::from(strength(starting(seat, r)))).sum::<u32>(), 7);
    }
    let spaces: Vec<Terrain> = (BOTTOM..=FORT).map(terrain).collect();
    assert_eq!(spaces.len(), 45);
    assert_eq!(spaces.iter().filter(|&&t| t == Terrain::River).count(), 33);
    assert_eq!(spaces.iter().filter(|&&t| t == Terrain::Mixed).count(), 2);
    assert_eq!(spaces.iter().filter(|&&t| t == Terrain::Mountain).count(), 10);
    // A few entries of the tables.
    assert_eq!((name(enc(1)), strength(enc(1)), badge(enc(1))), ("Hay", 1, W));
    assert_eq!((name(enc(37)), strength(enc(37)), badge(enc(37))), ("Régis Loisel", 3, E));
    assert_eq!((name(enc(54)), strength(enc(54)), badge(enc(54))), ("Cut Nose", 3, F));
    assert_eq!((name(starting(0, 0)), strength(starting(0, 1)), badge(starting(3, 3))), ("Meriwether Lewis", 2, FD));
    assert_eq!(name(starting(4, 5)), "John Collins");
    assert_eq!(DATA_VERSION, "lc-base-sd e9e9a7a-l1 813b66f");
    let s = LewisClark::new(&Config::default(), 3, &mut rng_from_seed(1));
    let indians: u8 = (0..3).map(|p| s.seats[p].indians).sum();
    assert_eq!((indians, s.powwow, s.indian_supply, s.indians_out()), (3, 1, 8, 6));
    assert_eq!((s.seats[0].capacity(), s.journal_len(), s.deck.count_ones()), (11, 5, 49));
}

#[test]
fn camp_penalty_tables_without_tiles() {
    let mut e = LewisClark::new(&Config::default(), 2, &mut rng_from_seed(1)).seats[0];
    e.indians = 0;
    let res: Vec<u8> = (0..=11)
        .map(|r| {
            e.res = [r, 0, 0, 0, 0, 0];
            e.penalty()
        })
        .collect();
    assert_eq!(res, [0, 0, 0, 0, 1, 1, 1, 2, 3, 4, 5, 6]);
    e.res = [0; 6];
    let ind: Vec<u8> = (0..=7)
        .map(|i| {
            e.indians = i;
            e.penalty()
        })
        .collect();
    assert_eq!(ind, [0, 0, 1, 2, 3, 4, 5, 6]);
}

#[test]
fn conformance_kit() {
    // Short games (random play never reaches the fort; a full game is 200 rounds).
    let config = Config { max_rounds: 12, ..Config::default() };
    for players in 2..=5 {
        crate::conformance::check::<LewisClark>(&config, players, players as u64);
    }
}

/// Prints a greedy 3-player game every 20 rounds (diagnostics for the heuristic).
#[test]
#[ignore = "diagnostic"]
fn greedy_trace() {
    use crate::bots::{BotSpec, InfoSet};
    use crate::game::Game;
    let spec = BotSpec::parse("greedy", "bots".as_ref()).unwrap();
    let mut agents: Vec<_> = (0..3).map(|_| spec.agent::<LewisClark>()).collect();
    let mut rng = rng_from_seed(3);
    let mut s = LewisClark::new(&Config::default(), 3, &mut rng);
    let mut legal = Vec::new();
    let mut last_round = 0;
    while let Some(seat) = s.to_move() {
        if s.round.is_multiple_of(20) && s.round != last_round {
            last_round = s.round;
            eprintln!("{s}\n");
        }
        s.legal_actions(&mut legal);
        let info = InfoSet::new(&s, &legal);
        let a = agents[seat].act(&info, &mut rng);
        if s.round >= 60 && s.round < 63 {
            eprintln!("seat {seat}: {a}");
        }
        s.apply(a, &mut rng);
    }
    eprintln!("{s}");
}

/// Greedy self-play at 2-5 players: how often the game ends at the fort, in how many rounds, and
/// the best camp reached (diagnostics for the heuristic; `LC_GAMES` games per count).
#[test]
#[ignore = "diagnostic"]
fn greedy_fort_rate() {
    use crate::bots::{BotSpec, InfoSet};
    use crate::game::Game;
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
