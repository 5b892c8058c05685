//! Issue 4: "nodes in a reusable arena: no allocation per iteration in steady state". A counting
//! global allocator watches every bot kind decide the same position twice: the second decision
//! must not allocate at all (the arena, buffers and determinization slots are reused).
//!
//! This file is its own test binary (the allocator is global), and the count is per thread: the
//! test harness's own threads allocate now and then, and must not be counted against the bots.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use meeple::bots::{BotSpec, Heuristic, InfoSet};
use meeple::game::{Game, rng_from_seed};
use meeple::games::bang::BangState;
use meeple::games::catcafe::CatCafe;
use meeple::games::connect4::{Config, ConnectFour};
use meeple::games::ekonos::EkonosState;
use meeple::games::laserreflection::LaserState;
use meeple::games::lewisclark::LewisClark;
use meeple::games::locomomo::LocoMomoState;
use meeple::games::mow::MowState;
use meeple::games::president::PresidentState;
use meeple::games::sevenwondersarchitects::ArchitectsState;
use meeple::games::sevenwondersduel::SwdState;
use meeple::labels::Labels;
use rand::RngExt;

struct Counting;

thread_local! {
    /// Allocations (and reallocations) made by this thread.
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

fn count() {
    // `try_with`: a thread being torn down may still allocate after its locals are gone.
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
}

fn allocations_so_far() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

// SAFETY: forwards to the system allocator; only counts calls.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: same contract as the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// A position `moves` random actions into a game.
fn position<G: Game>(config: &G::Config, players: usize, moves: usize) -> G {
    let mut rng = rng_from_seed(3);
    let mut s = G::new_game(config, players, &mut rng);
    let mut legal = Vec::new();
    for _ in 0..moves {
        s.legal_actions(&mut legal);
        if legal.is_empty() {
            break;
        }
        s.apply(legal[rng.random_range(0..legal.len())], &mut rng);
    }
    s
}

/// Allocations made by the first and by the second of two identical decisions of `bot` at `state`.
fn allocations<G: Heuristic>(state: &G, bot: &str) -> (u64, u64) {
    let spec = BotSpec::parse(bot, "bots".as_ref()).unwrap();
    let mut agent = spec.agent::<G>();
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let info = InfoSet::new(state, &legal);
    let start = allocations_so_far();
    let first = agent.act(&info, &mut rng_from_seed(8));
    let middle = allocations_so_far();
    let second = agent.act(&info, &mut rng_from_seed(8));
    let end = allocations_so_far();
    assert_eq!(first, second, "{bot}: same seed, same decision");
    (middle - start, end - middle)
}

#[test]
fn bots_decide_without_allocating_once_warm() {
    let c4 = position::<ConnectFour>(&Config {}, 2, 6);
    let bang = position::<BangState>(&Default::default(), 5, 40);
    let mow = position::<MowState>(&Default::default(), 4, 30);
    let president = position::<PresidentState>(&Default::default(), 5, 40);
    let laser = position::<LaserState>(&Default::default(), 3, 30);
    let ekonos = position::<EkonosState>(&Default::default(), 4, 60);
    let catcafe = position::<CatCafe>(&Default::default(), 4, 22);
    let architects = position::<ArchitectsState>(&Default::default(), 4, 30);
    let locomomo = position::<LocoMomoState>(&Default::default(), 3, 20);
    let duel = position::<SwdState>(&Default::default(), 2, 30);
    let lewisclark = position::<LewisClark>(&Default::default(), 3, 60);
    for bot in [
        "random",
        "greedy",
        "mcts:iterations=500",
        "ismcts:iterations=500",
        "mcts:iterations=300,depth=10",
        "ismcts:iterations=300,rave=100",
        "mcts:iterations=300,rave=100,depth=10,bias=1",
    ] {
        let runs = [
            ("Connect Four", allocations(&c4, bot)),
            ("BANG!", allocations(&bang, bot)),
            ("MOW", allocations(&mow, bot)),
            ("President", allocations(&president, bot)),
            ("Laser Reflection", allocations(&laser, bot)),
            ("Ekonos", allocations(&ekonos, bot)),
            ("Cat Café", allocations(&catcafe, bot)),
            ("7 Wonders Architects", allocations(&architects, bot)),
            ("Loco Momo", allocations(&locomomo, bot)),
            ("7 Wonders Duel", allocations(&duel, bot)),
            ("Lewis & Clark", allocations(&lewisclark, bot)),
        ];
        for (game, (first, second)) in runs {
            assert_eq!(second, 0, "{bot} on {game}: the warm decision allocated");
            // The counter works: a search's first decision builds its arena.
            assert!(bot.starts_with("random") || bot == "greedy" || first > 0, "{bot} on {game}: nothing counted");
        }
    }
    // The solver searches once per puzzle (its first decision allocates), then follows its plan.
    for bot in ["solver:strategy=backtrack", "solver:strategy=propagate"] {
        let (first, second) = allocations(&laser, bot);
        assert!(first > 0 && second == 0, "{bot}: {first} then {second} allocations");
    }
}

/// Tree reuse (`reuse=true`) replays and compacts the kept tree in buffers of its own: playing
/// the same Connect Four game a second time (after `begin_game`, the same decisions, the same
/// trees kept) allocates nothing, nor does a third decision at one position (a replay that finds
/// nothing).
#[test]
fn tree_reuse_allocates_nothing_once_warm() {
    for bot in [
        "mcts:iterations=500,reuse=true",
        "ismcts:iterations=400,reuse=true,bias=1",
        "mcts:iterations=400,reuse=true,rave=50",
    ] {
        let spec = BotSpec::parse(bot, "bots".as_ref()).unwrap();
        let mut agent = spec.agent::<ConnectFour>();
        let mut legal = Vec::with_capacity(16);
        let mut game = |agent: &mut Box<dyn meeple::bots::Agent<ConnectFour>>| {
            agent.begin_game(&Config {}, 2, 0);
            let mut state = ConnectFour::from_moves(&[3]);
            let mut rng = rng_from_seed(4);
            let start = allocations_so_far();
            for _ in 0..8 {
                state.legal_actions(&mut legal);
                if legal.is_empty() {
                    break;
                }
                let action = agent.act(&InfoSet::new(&state, &legal), &mut rng);
                state.apply(action, &mut rng);
                state.legal_actions(&mut legal);
                if legal.is_empty() {
                    break;
                }
                state.apply(legal[rng.random_range(0..legal.len())], &mut rng);
            }
            allocations_so_far() - start
        };
        let first = game(&mut agent);
        let second = game(&mut agent);
        assert!(first > 0 && second == 0, "{bot}: {first} then {second} allocations");
        let c4 = position::<ConnectFour>(&Config {}, 2, 6);
        // Same seed, same decision at one position (asserted inside).
        allocations(&c4, bot);
        let mut legal = Vec::new();
        c4.legal_actions(&mut legal);
        let mut agent = spec.agent::<ConnectFour>();
        for _ in 0..2 {
            agent.act(&InfoSet::new(&c4, &legal), &mut rng_from_seed(8));
        }
        let start = allocations_so_far();
        agent.act(&InfoSet::new(&c4, &legal), &mut rng_from_seed(8));
        assert_eq!(allocations_so_far() - start, 0, "{bot}: the third decision allocated");
    }
}

/// Allocations made by `clone`, `legal_actions` and `apply` over `games` random games of `G`
/// (the legal-action buffer warmed first, as callers reuse theirs).
fn hot_path_allocations<G: Game>(config: &G::Config, players: usize, games: u64) -> u64 {
    let mut legal = Vec::with_capacity(1024);
    let mut total = 0;
    for seed in 0..games {
        let mut rng = rng_from_seed(seed);
        let mut s = G::new_game(config, players, &mut rng);
        loop {
            let start = allocations_so_far();
            s.legal_actions(&mut legal);
            if legal.is_empty() {
                break;
            }
            let a = legal[rng.random_range(0..legal.len())];
            let copy = s.clone();
            s.apply(a, &mut rng);
            total += allocations_so_far() - start;
            assert!(copy != s, "apply left the state unchanged");
        }
    }
    total
}

/// Laser Reflection at 1-6 players, over whole random games (round ends generate the next puzzle
/// inside `apply`).
#[test]
fn laser_reflection_state_calls_do_not_allocate() {
    for players in 1..=6 {
        assert_eq!(hot_path_allocations::<LaserState>(&Default::default(), players, 3), 0, "{players} players");
    }
}

/// 7 Wonders Architects at 2-7 players.
#[test]
fn architects_clone_legal_actions_and_apply_do_not_allocate() {
    for players in 2..=7 {
        assert_eq!(hot_path_allocations::<ArchitectsState>(&Default::default(), players, 3), 0, "{players} players");
    }
}

/// Ekonos at 2-6 players.
#[test]
fn ekonos_clone_legal_actions_and_apply_allocate_nothing() {
    for players in 2..=6 {
        assert_eq!(hot_path_allocations::<EkonosState>(&Default::default(), players, 3), 0, "{players} players");
    }
}

#[test]
fn loco_momo_clone_legal_actions_and_apply_allocate_nothing() {
    for players in 1..=4 {
        assert_eq!(hot_path_allocations::<LocoMomoState>(&Default::default(), players, 50), 0, "{players} players");
    }
    // The counter works: a growing buffer allocates.
    let start = allocations_so_far();
    let v: Vec<u8> = Vec::with_capacity(8);
    assert!(allocations_so_far() > start && v.capacity() >= 8);
}

#[test]
fn duel_clone_legal_actions_and_apply_allocate_nothing() {
    assert_eq!(hot_path_allocations::<SwdState>(&Default::default(), 2, 100), 0);
}

/// Cat Café at 2-4 players, with the standard setup and with 18 paw prints circled (every
/// footprint spend open from the first mark).
#[test]
fn cat_cafe_clone_legal_actions_and_apply_allocate_nothing() {
    for config in [Default::default(), meeple::games::catcafe::Config { start_footprints: 18 }] {
        for players in 2..=4 {
            assert_eq!(hot_path_allocations::<CatCafe>(&config, players, 20), 0, "{players} players, {config:?}");
        }
    }
}

/// Lewis & Clark at 2-5 players (whole random games: 200 rounds, every card and location used),
/// default options and the other option values.
#[test]
fn lewis_clark_clone_legal_actions_and_apply_allocate_nothing() {
    use meeple::games::lewisclark::{Config, Gains, InterpreterTake};
    let other = Config {
        interpreter_take: InterpreterTake::Strength,
        recruit_trade_in: false,
        camp_retreat: false,
        gains: Gains::Forced,
        bottom_reset: true,
        ..Config::default()
    };
    for config in [Config::default(), other] {
        for players in 2..=5 {
            assert_eq!(hot_path_allocations::<LewisClark>(&config, players, 3), 0, "{players} players, {config:?}");
        }
    }
}

/// Allocations made by reading and visiting every seat's and the game's labels, at each step of
/// `games` random games of `G` (replays read seat labels at every action, the statistics once per
/// game) and at their ends.
fn label_allocations<G: Game>(config: &G::Config, players: usize, games: u64) -> u64 {
    let mut legal = Vec::with_capacity(1024);
    let (mut total, mut sum) = (0, 0u64);
    let mut read = |s: &G| {
        let start = allocations_so_far();
        for seat in 0..s.num_players() {
            s.seat_labels(seat).visit(&mut |k, v| sum = sum.wrapping_add(v.key() ^ k as u64));
        }
        s.game_labels().visit(&mut |k, v| sum = sum.wrapping_add(v.key() ^ k as u64));
        total += allocations_so_far() - start;
    };
    for seed in 0..games {
        let mut rng = rng_from_seed(seed);
        let mut s = G::new_game(config, players, &mut rng);
        loop {
            read(&s);
            s.legal_actions(&mut legal);
            if legal.is_empty() {
                break;
            }
            s.apply(legal[rng.random_range(0..legal.len())], &mut rng);
        }
    }
    assert!(sum != 0, "labels were read");
    total
}

#[test]
fn reading_labels_allocates_nothing() {
    assert_eq!(label_allocations::<BangState>(&Default::default(), 5, 5), 0, "BANG!");
    assert_eq!(label_allocations::<MowState>(&Default::default(), 4, 5), 0, "MOW");
    assert_eq!(label_allocations::<PresidentState>(&Default::default(), 5, 2), 0, "President");
    assert_eq!(label_allocations::<LaserState>(&Default::default(), 3, 2), 0, "Laser Reflection");
    assert_eq!(label_allocations::<LaserState>(&Default::default(), 1, 2), 0, "Laser Reflection solo");
    assert_eq!(label_allocations::<EkonosState>(&Default::default(), 4, 2), 0, "Ekonos");
    assert_eq!(label_allocations::<CatCafe>(&Default::default(), 4, 2), 0, "Cat Café");
    assert_eq!(label_allocations::<ArchitectsState>(&Default::default(), 4, 2), 0, "7 Wonders Architects");
    assert_eq!(label_allocations::<LocoMomoState>(&Default::default(), 3, 2), 0, "Loco Momo");
    assert_eq!(label_allocations::<SwdState>(&Default::default(), 2, 5), 0, "7 Wonders Duel");
}
