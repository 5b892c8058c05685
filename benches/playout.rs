//! Criterion benches: one random playout and one state clone, per game.
//! Run: `cargo bench --bench playout`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use meeple::bench::playout;
use meeple::game::{Game, rng_from_seed};
use meeple::games::bang::BangState;
use meeple::games::catcafe::CatCafe;
use meeple::games::connect4::{Config, ConnectFour};
use meeple::games::ekonos::EkonosState;
use meeple::games::laserreflection::LaserState;
use meeple::games::lewisclark::LewisClark;
use meeple::games::locomomo::LocoMomoState;
use meeple::games::sevenwondersarchitects::ArchitectsState;
use meeple::games::sevenwondersduel::SwdState;

fn bench_game<G: Game>(c: &mut Criterion, config: &G::Config, players: usize) {
    let mut rng = rng_from_seed(1);
    let mut legal = Vec::new();
    c.bench_function(&format!("{}/{players}p/random_playout", G::NAME), |b| {
        b.iter(|| playout::<G>(black_box(config), players, &mut rng, &mut legal))
    });
    // Clone a mid-game state: 20 actions (the first legal one each time) into a game.
    let mut state = G::new_game(config, players, &mut rng);
    for _ in 0..20 {
        state.legal_actions(&mut legal);
        let Some(&a) = legal.first() else { break };
        state.apply(a, &mut rng);
    }
    c.bench_function(&format!("{}/{players}p/clone", G::NAME), |b| b.iter(|| black_box(&state).clone()));
}

fn benches(c: &mut Criterion) {
    bench_game::<ConnectFour>(c, &Config {}, 2);
    bench_game::<BangState>(c, &Default::default(), 5);
    bench_game::<LaserState>(c, &Default::default(), 3);
    bench_game::<EkonosState>(c, &Default::default(), 4);
    bench_game::<CatCafe>(c, &Default::default(), 4);
    bench_game::<LocoMomoState>(c, &Default::default(), 2);
    bench_game::<ArchitectsState>(c, &Default::default(), 4);
    bench_game::<SwdState>(c, &Default::default(), 2);
    bench_game::<LewisClark>(c, &Default::default(), 3);
}

criterion_group!(playout_benches, benches);
criterion_main!(playout_benches);
