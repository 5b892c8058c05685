//! The conformance kit: checks that a game keeps the [`Game`] contract. Every game's tests call
//! it with one line, e.g. `meeple::conformance::check::<ConnectFour>(&Config {}, 2, 1)`.
//!
//! It plays random games and, after every action, checks:
//! - `legal_actions` is non-empty, duplicate-free and deterministic exactly when `to_move` is
//!   `Some`; `outcome` is `Some` exactly when `to_move` is `None`; rewards lie in `[0, 1]` and are
//!   0 for seats past `num_players`;
//! - a clone is independent of its original (playing on the clone leaves the original equal to a
//!   snapshot); for a game declaring [`Game::DETERMINISTIC`], the same action under another RNG
//!   gives the same state;
//! - for every observer, `determinize` keeps the observer's `observation`, the decider and (for
//!   the decider) the legal actions; and it is a function of the observer's information set only:
//!   two states the observer cannot tell apart (the true state and one of its determinizations),
//!   determinized with equal RNG seeds, become equal — the "cannot peek" guarantee;
//! - `random_action` returns what [`uniform_pick`] returns and leaves the RNG in the same state;
//! - a determinized state is itself playable to the end, and equal to the original for a game
//!   declaring [`Game::PERFECT_INFORMATION`];
//! - at a hidden commitment ([`Game::simultaneous`]), whatever the committing seat chooses: the
//!   next decider and its legal actions, every other seat's observation, and every other seat's
//!   determinizations from equal RNG seeds are the same, so no other seat's bot can decide
//!   differently (see [`check_hidden_commitment`]);
//! - the same seeds replay the same game.
//!
//! Failures panic with the seed, the action index and the state, so a failure can be replayed.
//!
//! [`check_observation_json`] checks, per game, that the observation JSON sent to external bots
//! is as blind as the observation: two states a seat cannot tell apart give it the same JSON, and
//! [`check_encoding`] checks the action ids and observation tensors ([`Encoding`]) likewise.

use crate::encoding::{Encoding, observation_json};
use crate::game::{Game, GameRng, MAX_SEATS, Seat, rng_from_seed, uniform_pick};
use rand::RngExt;

/// Random games played by [`check`].
pub const GAMES: u64 = 60;
/// A game longer than this many actions under random play fails the kit (it must terminate).
pub const MAX_ACTIONS: usize = 100_000;

/// Runs the whole kit on [`GAMES`] random games of `players` seats, seeds derived from `seed`.
///
/// # Panics
/// On the first broken rule of the contract, naming it.
pub fn check<G: Game>(config: &G::Config, players: usize, seed: u64) {
    check_games::<G>(config, players, seed, GAMES);
}

/// [`check`] on `games` random games instead of [`GAMES`] (the registry's loop over every game,
/// `tests/it/conformance.rs`, plays fewer per player count).
///
/// # Panics
/// On the first broken rule of the contract, naming it.
pub fn check_games<G: Game>(config: &G::Config, players: usize, seed: u64, games: u64) {
    assert!(G::players(config).contains(&players), "{players} players is outside {:?}", G::players(config));
    for game in 0..games {
        let s = seed.wrapping_mul(1_000_003).wrapping_add(game);
        let a = check_game::<G>(config, players, s);
        let b = play_quietly::<G>(config, players, s);
        assert!(a == b, "{}: seed {s}: the same seeds gave different games", G::NAME);
    }
}

/// Plays one random game from `seed`, checking the contract after every action; returns the end.
fn check_game<G: Game>(config: &G::Config, players: usize, seed: u64) -> G {
    let mut chance = rng_from_seed(seed);
    let mut choice = rng_from_seed(seed ^ 0x9e37_79b9_7f4a_7c15);
    let mut state = G::new_game(config, players, &mut chance);
    assert_eq!(state.num_players(), players, "{}: num_players", G::NAME);
    let mut legal = Vec::new();
    let mut again = Vec::new();
    for step in 0.. {
        let ctx = || format!("{}: seed {seed}, after {step} actions, state:\n{state}", G::NAME);
        assert!(step < MAX_ACTIONS, "{}: game did not end within {MAX_ACTIONS} actions", ctx());
        state.legal_actions(&mut legal);
        check_turn(&state, &legal, &ctx);
        state.legal_actions(&mut again);
        assert_eq!(legal, again, "{}: legal_actions is not deterministic", ctx());
        for observer in 0..players {
            check_determinize(&state, observer, seed.wrapping_add(step as u64), step % 16 == 0, &ctx);
        }
        check_random_action(&state, &choice, &mut again, &ctx);
        if legal.is_empty() {
            return state;
        }
        if state.simultaneous() {
            check_hidden_commitment(&state, &legal, &chance, seed.wrapping_add(step as u64), &ctx);
        }
        let action = legal[choice.random_range(0..legal.len())];
        check_clone_independence(&state, action, &mut choice.clone(), &ctx);
        state.apply(action, &mut chance);
    }
    unreachable!()
}

fn check_turn<G: Game>(state: &G, legal: &[G::Action], ctx: &dyn Fn() -> String) {
    let to_move = state.to_move();
    let outcome = state.outcome();
    assert_eq!(
        to_move.is_some(),
        !legal.is_empty(),
        "{}: to_move {to_move:?} but {} legal actions",
        ctx(),
        legal.len()
    );
    assert_eq!(outcome.is_some(), to_move.is_none(), "{}: outcome {outcome:?} with to_move {to_move:?}", ctx());
    if let Some(seat) = to_move {
        assert!(seat < state.num_players(), "{}: to_move {seat} out of range", ctx());
    }
    for (i, a) in legal.iter().enumerate() {
        assert!(!legal[..i].contains(a), "{}: duplicate legal action {a}", ctx());
    }
    if let Some(r) = outcome {
        assert!(r.iter().all(|x| (0.0..=1.0).contains(x)), "{}: rewards {r:?} outside [0, 1]", ctx());
        assert!(r[state.num_players()..MAX_SEATS].iter().all(|&x| x == 0.0), "{}: reward for a missing seat", ctx());
    }
}

/// The hidden-commitment check at `state`, where the decider `a` commits a simultaneous choice
/// (`state.simultaneous()`): plays each of its `legal` actions on a copy (chance from copies of
/// `chance`), completes `a`'s commitment if it takes further decisions of `a` (Cat Café: a house,
/// then its cat) with `a`'s first legal action at each (those steps are checked in turn when the
/// game reaches them), and asserts that the results are the same for every other seat `b`: the
/// next decider and its legal actions, `observation(b)`, and `determinize(b)` from equal RNG
/// seeds (derived from `seed`). Two kinds of leak fail it: the choice shows in another
/// seat's observation, or the observation hides it but `determinize` keeps it (does not resample
/// it), so a bot deciding after `a` would play against `a`'s true choice.
///
/// # Panics
/// On the first difference, naming the seats, the two choices and what differs.
pub fn check_hidden_commitment<G: Game>(
    state: &G,
    legal: &[G::Action],
    chance: &GameRng,
    seed: u64,
    ctx: &dyn Fn() -> String,
) {
    let a = state.to_move().expect("a hidden commitment has a decider");
    let (mut first_legal, mut other_legal) = (Vec::new(), Vec::new());
    let mut after = |x: G::Action| {
        let (mut child, mut rng) = (state.clone(), chance.clone());
        child.apply(x, &mut rng);
        for _ in 0..MAX_ACTIONS {
            if child.to_move() != Some(a) {
                return child;
            }
            child.legal_actions(&mut other_legal);
            child.apply(other_legal[0], &mut rng);
        }
        panic!("{}: seat {a} kept deciding after its hidden commitment {x}", ctx());
    };
    let (x, first) = (legal[0], after(legal[0]));
    let others: Vec<(G::Action, G)> = legal[1..].iter().map(|&y| (y, after(y))).collect();
    first.legal_actions(&mut first_legal);
    for (y, other) in others {
        let which = || format!("{}: seat {a} committed {x} or {y}", ctx());
        assert_eq!(other.to_move(), first.to_move(), "{}: the next decider depends on the hidden choice", which());
        other.legal_actions(&mut other_legal);
        assert!(
            other_legal == first_legal,
            "{}: the next decider's legal actions depend on the hidden choice",
            which()
        );
        for b in (0..state.num_players()).filter(|&b| b != a) {
            let (seen_x, seen_y) = (first.observation(b), other.observation(b));
            assert!(
                seen_x == seen_y,
                "{}: seat {b}'s observation shows the hidden choice (if this choice reveals the step's \
                 choices, as the last seat's does, simultaneous() must be false for it):\n{seen_x:?}\nvs\n{seen_y:?}",
                which()
            );
            let s = seed ^ (b as u64).wrapping_mul(0x9e37_79b9);
            let (mut world_x, mut world_y) = (first.clone(), other.clone());
            world_x.determinize(b, &mut rng_from_seed(s));
            world_y.determinize(b, &mut rng_from_seed(s));
            assert!(
                world_x == world_y,
                "{}: determinize({b}) does not resample the hidden choice (seat {b}'s bots would see it):\n{world_x}\nvs\n{world_y}",
                which()
            );
        }
    }
}

fn check_random_action<G: Game>(state: &G, rng: &GameRng, buf: &mut Vec<G::Action>, ctx: &dyn Fn() -> String) {
    let (mut fast, mut reference) = (rng.clone(), rng.clone());
    let sampled = state.random_action(&mut fast, buf);
    let expected = uniform_pick(state, &mut reference, buf);
    assert!(sampled == expected, "{}: random_action gave {sampled:?}, uniform_pick {expected:?}", ctx());
    assert!(fast == reference, "{}: random_action left the RNG in another state than uniform_pick", ctx());
}

fn check_clone_independence<G: Game>(state: &G, action: G::Action, rng: &mut GameRng, ctx: &dyn Fn() -> String) {
    let snapshot = state.clone();
    let mut copy = state.clone();
    copy.apply(action, rng);
    assert!(*state == snapshot, "{}: playing on a clone changed the original", ctx());
    if G::DETERMINISTIC {
        let mut other = state.clone();
        other.apply(action, &mut rng_from_seed(rng.random()));
        assert!(other == copy, "{}: the same action gave two states in a game declared DETERMINISTIC", ctx());
    }
}

fn check_determinize<G: Game>(state: &G, observer: usize, seed: u64, play_out: bool, ctx: &dyn Fn() -> String) {
    let mut world = state.clone();
    world.determinize(observer, &mut rng_from_seed(seed));
    assert!(
        !G::PERFECT_INFORMATION || world == *state,
        "{}: determinize({observer}) changed a game declared PERFECT_INFORMATION",
        ctx()
    );
    assert_eq!(
        world.observation(observer),
        state.observation(observer),
        "{}: determinize({observer}) changed what the observer knows",
        ctx()
    );
    assert_eq!(world.to_move(), state.to_move(), "{}: determinize({observer}) changed the decider", ctx());
    assert_eq!(world.outcome(), state.outcome(), "{}: determinize({observer}) changed the outcome", ctx());
    if state.to_move() == Some(observer) {
        let (mut a, mut b) = (Vec::new(), Vec::new());
        state.legal_actions(&mut a);
        world.legal_actions(&mut b);
        assert_eq!(a, b, "{}: determinize({observer}) changed the decider's legal actions", ctx());
    }
    // `world` is indistinguishable from `state` for the observer: equal RNGs must give equal results.
    let mut from_truth = state.clone();
    let mut from_world = world.clone();
    from_truth.determinize(observer, &mut rng_from_seed(seed ^ 1));
    from_world.determinize(observer, &mut rng_from_seed(seed ^ 1));
    assert!(
        from_truth == from_world,
        "{}: determinize({observer}) depends on information the observer does not have:\n{from_truth}\nvs\n{from_world}",
        ctx()
    );
    if play_out {
        play_out_randomly(world, seed, ctx);
    }
}

fn play_out_randomly<G: Game>(mut state: G, seed: u64, ctx: &dyn Fn() -> String) {
    let mut rng = rng_from_seed(seed ^ 2);
    let mut legal = Vec::new();
    for _ in 0..MAX_ACTIONS {
        state.legal_actions(&mut legal);
        check_turn(&state, &legal, ctx);
        if legal.is_empty() {
            return;
        }
        let a = legal[rng.random_range(0..legal.len())];
        state.apply(a, &mut rng);
    }
    panic!("{}: a determinized state did not play to the end", ctx());
}

/// Checks that the observation JSON shows a seat nothing it cannot see: over `games` random games
/// of `players` seats (seeds from `seed`), at every position and for every seat `o`, the JSON of
/// `observation(o)` ([`observation_json`], the dict external bots are sent) equals that JSON in a
/// determinization for `o` (a state `o` cannot tell apart from the true one, with everything
/// hidden from `o` resampled). Returns
/// `(checks, hidden)`: the positions × seats checked, and how many of those determinizations
/// differed from the true state (so a test can show that there was something to hide).
///
/// # Panics
/// On the first JSON that differs, with both JSON texts.
pub fn check_observation_json<G: Encoding>(config: &G::Config, players: usize, seed: u64, games: u64) -> (u64, u64) {
    check_json_with::<G>(config, players, seed, games, |state, seat| observation_json::<G>(&state.observation(seat)))
}

/// [`check_observation_json`] for any JSON of a seat's view, `json(state, seat)` (tests give it
/// a leaky one to see the check fail).
///
/// # Panics
/// On the first JSON that differs between a state and a determinization for the seat.
pub fn check_json_with<G: Game>(
    config: &G::Config,
    players: usize,
    seed: u64,
    games: u64,
    json: impl Fn(&G, Seat) -> String,
) -> (u64, u64) {
    let (mut checks, mut hidden) = (0, 0);
    let mut legal = Vec::new();
    for game in 0..games {
        let s = seed.wrapping_mul(1_000_003).wrapping_add(game);
        let (mut chance, mut choice) = (rng_from_seed(s), rng_from_seed(s ^ 0x9e37_79b9_7f4a_7c15));
        let mut state = G::new_game(config, players, &mut chance);
        for step in 0..MAX_ACTIONS {
            for o in 0..players {
                let mut twin = state.clone();
                twin.determinize(o, &mut rng_from_seed(s.wrapping_add(step as u64)));
                let (truth, seen) = (json(&state, o), json(&twin, o));
                assert!(
                    truth == seen,
                    "{}: seed {s}, after {step} actions: seat {o}'s observation JSON differs between two states \
                     it cannot tell apart:\n{truth}\nvs\n{seen}",
                    G::NAME
                );
                checks += 1;
                hidden += u64::from(twin != state);
            }
            state.legal_actions(&mut legal);
            if legal.is_empty() {
                break;
            }
            state.apply(legal[choice.random_range(0..legal.len())], &mut chance);
        }
    }
    (checks, hidden)
}

/// The same random game as [`check_game`], without checks (to test that seeds replay).
fn play_quietly<G: Game>(config: &G::Config, players: usize, seed: u64) -> G {
    let mut chance = rng_from_seed(seed);
    let mut choice = rng_from_seed(seed ^ 0x9e37_79b9_7f4a_7c15);
    let mut state = G::new_game(config, players, &mut chance);
    let mut legal = Vec::new();
    loop {
        state.legal_actions(&mut legal);
        if legal.is_empty() {
            return state;
        }
        let action = legal[choice.random_range(0..legal.len())];
        state.apply(action, &mut chance);
    }
}

/// Checks the [`Encoding`] contract of a game: the action ids are a bijection onto
/// `0..num_distinct_actions` (every id decodes to an action that encodes back to it, and the next
/// id decodes to nothing), and over `games` random games of `players` seats (seeds from `seed`),
/// at every position: the legal actions have distinct ids in range that decode back to them;
/// and, when the game has an observation tensor, for every seat `o` the tensor has the declared
/// size, is finite and fully written, and equals the tensor of a determinization for `o` (a state
/// `o` cannot tell apart from the true one). Returns `(positions, hidden)`: the positions
/// checked and how many of the seats' determinizations differed from the true state.
///
/// # Panics
/// On the first broken rule, with the seed, the position and the action or seat.
pub fn check_encoding<G: Encoding>(config: &G::Config, players: usize, seed: u64, games: u64) -> (u64, u64) {
    let len = G::observation_shape(config, players).map(|s| s.iter().product::<usize>());
    check_encoding_with::<G>(config, players, seed, games, len, |state, seat, out| state.observation_tensor(seat, out))
}

/// [`check_encoding`] with any tensor of `len` elements (`None`: no tensor), written by
/// `tensor(state, seat, out)` (tests give it a leaky one to see the check fail).
///
/// # Panics
/// On the first broken rule, with the seed, the position and the action or seat.
pub fn check_encoding_with<G: Encoding>(
    config: &G::Config,
    players: usize,
    seed: u64,
    games: u64,
    len: Option<usize>,
    tensor: impl Fn(&G, Seat, &mut [f32]),
) -> (u64, u64) {
    let n = G::num_distinct_actions(config, players);
    let (mut positions, mut hidden) = (0, 0);
    let mut legal = Vec::new();
    let (mut truth, mut seen) = (vec![0.0; len.unwrap_or(0)], vec![0.0; len.unwrap_or(0)]);
    for game in 0..games {
        let s = seed.wrapping_mul(1_000_003).wrapping_add(game);
        let (mut chance, mut choice) = (rng_from_seed(s), rng_from_seed(s ^ 0x9e37_79b9_7f4a_7c15));
        let mut state = G::new_game(config, players, &mut chance);
        if game == 0 {
            for id in 0..n {
                let action = state.action_from_id(id);
                let back = action.map(|a| state.action_id(a));
                assert_eq!(back, Some(id), "{}: id {id} decodes to {action:?}, which has id {back:?}", G::NAME);
            }
            assert!(state.action_from_id(n).is_none(), "{}: id {n} (num_distinct_actions) decodes", G::NAME);
        }
        for step in 0..MAX_ACTIONS {
            let ctx = || format!("{}: seed {s}, after {step} actions, state:\n{state}", G::NAME);
            state.legal_actions(&mut legal);
            let ids: Vec<u32> = legal.iter().map(|&a| state.action_id(a)).collect();
            for (i, (&a, &id)) in legal.iter().zip(&ids).enumerate() {
                assert!(id < n, "{}: action {a} has id {id}, not below {n}", ctx());
                assert!(!ids[..i].contains(&id), "{}: action {a} shares id {id} with another legal action", ctx());
                assert_eq!(state.action_from_id(id), Some(a), "{}: id {id} of {a} decodes to another action", ctx());
            }
            if let Some(len) = len {
                for o in 0..players {
                    truth.fill(f32::NAN);
                    tensor(&state, o, &mut truth);
                    assert!(
                        truth.iter().all(|x| x.is_finite()),
                        "{}: seat {o}'s tensor has a non-finite or unwritten element",
                        ctx()
                    );
                    assert_eq!(truth.len(), len);
                    let mut twin = state.clone();
                    twin.determinize(o, &mut rng_from_seed(s.wrapping_add(step as u64)));
                    seen.fill(f32::NAN);
                    tensor(&twin, o, &mut seen);
                    if let Some(i) = (0..len).find(|&i| truth[i] != seen[i]) {
                        panic!(
                            "{}: seat {o}'s tensor differs at element {i} ({} vs {}) between two states it cannot tell apart",
                            ctx(),
                            truth[i],
                            seen[i]
                        );
                    }
                    hidden += u64::from(twin != state);
                }
            }
            positions += 1;
            if legal.is_empty() {
                break;
            }
            state.apply(legal[choice.random_range(0..legal.len())], &mut chance);
        }
    }
    (positions, hidden)
}
