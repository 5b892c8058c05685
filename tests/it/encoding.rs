//! Action ids and observation tensors ([`meeple::encoding::Encoding`]) keep their contract for
//! every game at every player count ([`check_encoding`]): ids are a bijection onto
//! `0..num_distinct_actions`, legal actions have distinct ids in range, and a seat's tensor is
//! the same in two states it cannot tell apart.

use meeple::conformance::{check_encoding, check_encoding_with};
use meeple::encoding::Encoding;
use meeple::games::{
    bang, catcafe, connect4, ekonos, laserreflection, lewisclark, locomomo, mow, president, sevenwondersarchitects,
    sevenwondersduel,
};

/// Checks `G` at each of its player counts (default options) over `games` games; `hidden_info`
/// says whether the game hides anything (then, for a game with a tensor, some determinization
/// must differ from the truth, so that the tensor check was not vacuous).
fn check<G: Encoding>(games: u64, hidden_info: bool) {
    let config = G::Config::default();
    for players in G::players(&config) {
        let (positions, hidden) = check_encoding::<G>(&config, players, 11, games);
        assert!(positions > 20, "{} at {players}: only {positions} positions", G::NAME);
        if G::observation_shape(&config, players).is_some() {
            assert_eq!(hidden > 0, hidden_info, "{} at {players}: {hidden} determinizations differed", G::NAME);
        }
    }
}

#[test]
fn encoding_connect4() {
    check::<connect4::ConnectFour>(10, false);
}

#[test]
fn encoding_mow() {
    check::<mow::MowState>(4, true);
}

#[test]
fn encoding_sevenwondersduel() {
    check::<sevenwondersduel::SwdState>(4, false);
}

#[test]
fn encoding_bang() {
    check::<bang::BangState>(2, true);
}

#[test]
fn encoding_catcafe() {
    check::<catcafe::CatCafe>(2, true);
}

#[test]
fn encoding_ekonos() {
    check::<ekonos::EkonosState>(1, true);
}

#[test]
fn encoding_laserreflection() {
    check::<laserreflection::LaserState>(1, true);
}

#[test]
fn encoding_lewisclark() {
    check::<lewisclark::LewisClark>(1, false);
}

#[test]
fn encoding_locomomo() {
    check::<locomomo::LocoMomoState>(2, false);
}

#[test]
fn encoding_president() {
    check::<president::PresidentState>(1, true);
}

#[test]
fn encoding_sevenwondersarchitects() {
    check::<sevenwondersarchitects::ArchitectsState>(2, true);
}

/// The sizes of the id spaces, as the games' docs give them.
#[test]
fn id_space_sizes() {
    let sizes = [
        bang::BangState::num_distinct_actions(&Default::default(), 4),
        catcafe::CatCafe::num_distinct_actions(&Default::default(), 2),
        connect4::ConnectFour::num_distinct_actions(&Default::default(), 2),
        ekonos::EkonosState::num_distinct_actions(&Default::default(), 3),
        laserreflection::LaserState::num_distinct_actions(&Default::default(), 2),
        lewisclark::LewisClark::num_distinct_actions(&Default::default(), 3),
        locomomo::LocoMomoState::num_distinct_actions(&Default::default(), 2),
        mow::MowState::num_distinct_actions(&Default::default(), 2),
        president::PresidentState::num_distinct_actions(&Default::default(), 4),
        sevenwondersarchitects::ArchitectsState::num_distinct_actions(&Default::default(), 3),
        sevenwondersduel::SwdState::num_distinct_actions(&Default::default(), 2),
    ];
    assert_eq!(sizes, [52_429, 157, 7, 2_938, 1_585, 595, 85, 51, 71, 1_109, 1_202]);
}

/// The check is not vacuous: a tensor that also shows every other hand (MOW) fails it.
#[test]
#[should_panic(expected = "tensor differs at element")]
fn a_tensor_of_hidden_cards_fails_the_check() {
    let len = mow::MowState::observation_shape(&Default::default(), 3).map(|s| s.iter().product::<usize>() + 48);
    check_encoding_with::<mow::MowState>(&Default::default(), 3, 1, 1, len, |state, seat, out| {
        let (own, others) = out.split_at_mut(out.len() - 48);
        state.observation_tensor(seat, own);
        let json = serde_json::to_value(state).unwrap();
        let hands = json["hands"].as_array().unwrap();
        let next = hands[(seat + 1) % 3].as_array().unwrap();
        others.fill(0.0);
        others[..next.len()].fill(1.0);
        others[0] = next.len() as f32;
        for (slot, card) in others.iter_mut().skip(1).zip(next) {
            *slot = card.as_str().unwrap().len() as f32;
        }
    });
}
