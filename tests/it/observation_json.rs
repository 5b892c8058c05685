//! Observation JSON (what external bots are sent) hides what the seat cannot see: per game, two
//! states a seat cannot tell apart (the truth and a determinization for the seat) give the same
//! JSON, at every position of random games ([`check_observation_json`]). Games with hidden
//! information must also show that the determinizations differed from the truth.

use meeple::conformance::{check_json_with, check_observation_json};
use meeple::encoding::Encoding;
use meeple::games::{
    bang, catcafe, connect4, ekonos, laserreflection, locomomo, mow, president, sevenwondersarchitects,
    sevenwondersduel,
};

/// Checks `G` at `players` seats over `games` games; `hidden_info` says whether the game hides
/// anything (then some determinization must differ from the truth).
fn check<G: Encoding>(players: usize, games: u64, hidden_info: bool) {
    let (checks, hidden) = check_observation_json::<G>(&G::Config::default(), players, 7, games);
    assert!(checks > 100, "{}: only {checks} checks", G::NAME);
    assert_eq!(hidden > 0, hidden_info, "{}: {hidden} of {checks} determinizations differed from the truth", G::NAME);
}

#[test]
fn observation_json_hides_hidden_state_bang() {
    check::<bang::BangState>(5, 10, true);
}

#[test]
fn observation_json_hides_hidden_state_catcafe() {
    check::<catcafe::CatCafe>(3, 5, true);
}

#[test]
fn observation_json_hides_hidden_state_connect4() {
    check::<connect4::ConnectFour>(2, 10, false);
}

#[test]
fn observation_json_hides_hidden_state_ekonos() {
    check::<ekonos::EkonosState>(3, 3, true);
}

#[test]
fn observation_json_hides_hidden_state_laserreflection() {
    check::<laserreflection::LaserState>(2, 3, true);
}

#[test]
fn observation_json_hides_hidden_state_locomomo() {
    check::<locomomo::LocoMomoState>(2, 5, false);
}

#[test]
fn observation_json_hides_hidden_state_mow() {
    check::<mow::MowState>(3, 5, true);
}

#[test]
fn observation_json_hides_hidden_state_president() {
    check::<president::PresidentState>(4, 3, true);
}

#[test]
fn observation_json_hides_hidden_state_sevenwondersarchitects() {
    check::<sevenwondersarchitects::ArchitectsState>(3, 5, true);
}

#[test]
fn observation_json_hides_hidden_state_sevenwondersduel() {
    check::<sevenwondersduel::SwdState>(2, 5, false);
}

/// The check is not vacuous: the JSON of the whole state (hands, deck, roles) fails it.
#[test]
#[should_panic(expected = "observation JSON differs between two states")]
fn the_json_of_the_whole_state_fails_the_check() {
    check_json_with::<bang::BangState>(&Default::default(), 5, 7, 2, |state, _| serde_json::to_string(state).unwrap());
}
