//! Criterion bench: MCTS and ISMCTS decisions on Connect Four from the initial position.
//! Run: `cargo bench --bench mcts`. Iterations/s = iterations per decision / time per decision
//! (criterion reports the throughput in elements/s, one element per iteration).

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use meeple::bots::{BotSpec, InfoSet};
use meeple::game::{Game, rng_from_seed};
use meeple::games::connect4::ConnectFour;

const ITERATIONS: u32 = 1000;

fn benches(c: &mut Criterion) {
    let state = ConnectFour::new();
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let info = InfoSet::new(&state, &legal);
    let mut group = c.benchmark_group("connect4/initial");
    group.throughput(Throughput::Elements(ITERATIONS as u64));
    for kind in ["mcts", "ismcts"] {
        let spec = BotSpec::parse(&format!("{kind}:iterations={ITERATIONS}"), Path::new("bots")).unwrap();
        let mut agent = spec.agent::<ConnectFour>();
        let mut rng = rng_from_seed(1);
        group.bench_function(format!("{kind}/{ITERATIONS}_iterations"), |b| {
            b.iter(|| agent.act(black_box(&info), &mut rng))
        });
    }
    group.finish();
}

criterion_group!(mcts_benches, benches);
criterion_main!(mcts_benches);
