//! Spec "Components and data" and "Setup".

use meeple::game::{Game, rng_from_seed};
use meeple::games::locomomo::{AREAS, COPIES, Colour, LocoMomoState, SET_POINTS, Species, TILES, TYPES, Tile};

use super::{legal, refill_needs};

/// W1: 15 types × 7 = 105 tiles, 21 per species and 35 per colour; after setup the forest holds
/// 16 and the bag 89, and every type is counted 7 times across the places.
#[test]
fn w1_components_105_tiles_16_on_the_forest_89_in_the_bag() {
    assert_eq!((TYPES, TILES), (15, 105));
    let full = LocoMomoState::empty(3);
    for sp in Species::ALL {
        let n: u32 = Colour::ALL.iter().map(|&c| u32::from(full.bag().count(Tile::new(sp, c).index()))).sum();
        assert_eq!(n, 21, "{sp:?}");
    }
    for c in Colour::ALL {
        let n: u32 = Species::ALL.iter().map(|&sp| u32::from(full.bag().count(Tile::new(sp, c).index()))).sum();
        assert_eq!(n, 35, "{c:?}");
    }
    assert_eq!(full.bag().len(), 105);
    for seed in 0..20 {
        let s = LocoMomoState::new_game(&Default::default(), 2, &mut rng_from_seed(seed));
        assert_eq!((s.forest().len(), s.bag().len()), (16, 89));
        for t in Tile::all() {
            let on_forest: u8 = (0..AREAS).map(|a| s.forest().count(a, t)).sum();
            assert_eq!(on_forest + s.bag().count(t.index()), COPIES, "{t}");
        }
        s.check_invariants().unwrap();
    }
}

/// Setup steps 1–3: every area gets 4 tiles, boards are empty, seat 0 picks in round 1.
#[test]
fn setup_fills_each_area_with_4_and_seat_0_starts_round_1() {
    for players in 1..=4 {
        let s = LocoMomoState::new_game(&Default::default(), players, &mut rng_from_seed(players as u64));
        assert_eq!(refill_needs(&s), [0; 4]);
        assert!((0..players).all(|p| s.board(p).tiles() == 0));
        assert_eq!((s.to_move(), s.round(), s.turns(), s.num_players()), (Some(0), 1, 0, players));
        assert!(legal(&s).iter().all(|a| matches!(a, meeple::games::locomomo::Action::Pick { .. })));
    }
}

/// The set-points table `f(0..5) = 0, 1, 2, 5, 9, 14` (SEED, row table).
#[test]
fn set_points_table_is_0_1_2_5_9_14() {
    assert_eq!(SET_POINTS, [0, 1, 2, 5, 9, 14]);
}

/// The spec's tile notation round-trips, and bad tiles are refused with the valid letters.
#[test]
fn tiles_read_and_print_in_the_spec_notation() {
    for t in Tile::all() {
        assert_eq!(t.to_string().parse::<Tile>().unwrap(), t);
    }
    assert_eq!("Lg".parse::<Tile>().unwrap(), Tile::new(Species::LeopardCat, Colour::Green));
    let err = "Xg".parse::<Tile>().unwrap_err().to_string();
    assert!(err.contains("R/L/E/B/D") && err.contains("b/n/g"), "{err}");
}
