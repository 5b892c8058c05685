//! BANG! rule tests: the scenario rows of spec section D, the FAQ rulings, the remaining rules,
//! the conformance kit and the long invariant run.

mod conformance;
mod d1_turn_start;
mod d2_shots;
mod d3_multi;
mod d4_life;
mod d5_elimination;
mod d6_winning;
mod d7_misc;
mod faq;
mod invariants;
mod rules;
