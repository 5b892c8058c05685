//! Connect Four with the `board-game` crate, for `benches/vs_peers.py`:
//!
//! - `board-game-bench playouts N`: `N` uniformly random games from the empty board
//!   (`Board::play_random_available_move`, the crate's own random move);
//! - `board-game-bench mcts ITERATIONS DECISIONS`: `DECISIONS` searches of `ITERATIONS`
//!   iterations each from the empty board with the crate's MCTS (`mcts_build_tree`: MCTS-Solver,
//!   one random rollout per leaf, UCT with exploration weight 1.4 on values in [0, 1]).
//!
//! Prints the work done (`playouts N moves M` or `iterations N`); the script measures the
//! process's CPU time. RNG: `SmallRng` seeded with 1.

use std::hint::black_box;

use board_game::ai::mcts::mcts_build_tree;
use board_game::board::Board;
use board_game::games::connect4::Connect4;
use rand::rngs::SmallRng;
use rand::SeedableRng;

fn arg(i: usize) -> u64 {
    let a = std::env::args().nth(i).unwrap_or_else(|| panic!("missing argument {i}; see the module docs"));
    a.parse().unwrap_or_else(|_| panic!("argument {i} must be a number, not {a}"))
}

fn main() {
    let mut rng = SmallRng::seed_from_u64(1);
    match std::env::args().nth(1).as_deref() {
        Some("playouts") => {
            let (n, mut moves) = (arg(2), 0u64);
            for _ in 0..n {
                let mut board = Connect4::default();
                while !board.is_done() {
                    board.play_random_available_move(&mut rng).unwrap();
                    moves += 1;
                }
                black_box(&board);
            }
            println!("playouts {n} moves {moves}");
        }
        Some("mcts") => {
            let (iterations, decisions) = (arg(2), arg(3));
            for _ in 0..decisions {
                let tree = mcts_build_tree(&Connect4::default(), iterations, 1.4, &mut rng);
                black_box(tree.best_move());
            }
            println!("iterations {}", iterations * decisions);
        }
        _ => panic!("usage: board-game-bench playouts N | mcts ITERATIONS DECISIONS"),
    }
}
