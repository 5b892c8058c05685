//! A validated spec: every field checked before any game is played, one [`Series`] per player
//! count, and the deals each series plays.

use std::ops::Range;
use std::path::Path;

use super::play::Series;
use super::spec::{SeatMode, Spec};
use crate::bots::{BotSpec, BotSpecError, Heuristic, parse_lineup};
use crate::game::{Game, players_error};
use crate::stats::SprtError;

/// A validated spec for game `G`, ready to run.
pub struct Plan<G: Game> {
    /// The spec as given, with its seat assignment filled in ([`Spec::seat_mode`]).
    pub spec: Spec,
    /// One series per player count.
    pub series: Vec<Series<G>>,
}

impl<G: Heuristic> Plan<G> {
    /// Validates `spec` for `G`: options, player counts, bots (each must play `G`, see
    /// [`BotSpec::check_game`]), the game count (a whole number of deals under `seats = "rotate"`)
    /// and the SPRT.
    ///
    /// # Errors
    /// A [`PlanError`] naming the bad field and what would be valid.
    pub fn new(spec: &Spec, profile_dir: &Path) -> Result<Self, PlanError> {
        if spec.tournament.is_some() {
            return Err(PlanError::Tournament);
        }
        let by_default = spec.seats.is_none();
        let spec = &Spec { seats: Some(spec.seat_mode()), ..spec.clone() };
        let seats = spec.seat_mode();
        let config = crate::game::config::<G>(&spec.options)?;
        let range = G::players(&config);
        let counts = match &spec.players {
            Some(p) => p.to_vec(),
            None if range.start() == range.end() => vec![*range.start()],
            None if spec.bots.len() > 1 => vec![spec.bots.len()],
            None => {
                return Err(PlanError::NoPlayerCount { game: G::NAME, low: *range.start(), high: *range.end() });
            }
        };
        if counts.is_empty() {
            return Err(PlanError::NoCounts);
        }
        if let Some(p) = counts.iter().enumerate().find_map(|(i, p)| counts[..i].contains(p).then_some(p)) {
            return Err(PlanError::CountTwice(*p));
        }
        if spec.games == 0 {
            return Err(PlanError::NoGames);
        }
        if spec.max_actions == 0 {
            return Err(PlanError::NoActions);
        }
        if let Some(sprt) = &spec.sprt {
            sprt.validate()?;
            if spec.shard.is_some() {
                return Err(PlanError::SprtSharded);
            }
            if seats == SeatMode::Fixed {
                return Err(PlanError::SprtFixedSeats);
            }
        }
        let crosstab = spec.crosstab.iter().map(|t| crosstab_pair::<G>(t)).collect::<Result<Vec<_>, _>>()?;
        let mut series = Vec::new();
        for &players in &counts {
            if !range.contains(&players) {
                return Err(PlanError::Players(players_error::<G>(&config, players)));
            }
            let fixed_by = (range.start() == range.end()).then_some(G::NAME);
            let lineup = parse_lineup(&spec.bots, players, fixed_by, profile_dir)?;
            lineup.iter().try_for_each(BotSpec::check_game::<G>)?;
            if spec.sprt.is_some() && !is_duel(&lineup) {
                return Err(PlanError::SprtNotADuel(spec.bots.join(",")));
            }
            series.push(Series {
                config: config.clone(),
                players,
                lineup,
                seats,
                seed: spec.seed,
                max_actions: spec.max_actions,
                forfeit: spec.forfeit,
                metrics: spec.metrics,
                crosstab: crosstab.clone(),
            });
        }
        // Last: a player count or lineup error is the root cause, so it is the one reported.
        if seats == SeatMode::Rotate {
            whole_deals(spec.games, &counts, by_default)?;
        }
        Ok(Self { spec: spec.clone(), series })
    }
}

impl<G: Game> Plan<G> {
    /// Every bot of the plan once (the first of each name).
    pub fn bots(&self) -> Vec<&BotSpec> {
        let mut bots: Vec<&BotSpec> = Vec::new();
        for b in self.series.iter().flat_map(|s| &s.lineup) {
            if !bots.iter().any(|x| x.name == b.name) {
                bots.push(b);
            }
        }
        bots
    }

    /// The largest player count of the plan.
    pub fn max_players(&self) -> usize {
        self.series.iter().map(|s| s.players).max().unwrap_or(0)
    }

    /// Whether `series` counts bot A against bot B ([`crate::stats::VersusCounts`]): its lineup is
    /// `[A, B, …, B]` with A and B different bots, or the plan has an SPRT (which may compare a
    /// bot with itself).
    pub fn versus(&self, series: &Series<G>) -> bool {
        let l = &series.lineup;
        is_duel(l) && (l[0].name != l[1].name || self.spec.sprt.is_some())
    }

    /// The game indices this run plays in `series`: all, or its shard's slice of the deals.
    pub fn games(&self, series: &Series<G>) -> Range<u64> {
        let m = series.games_per_deal();
        let deals = self.spec.games / m;
        let d = self.spec.shard.map_or(0..deals, |s| s.range(deals));
        d.start * m..d.end * m
    }
}

/// The two labels of a cross-tabulation `A,B` declared for `G` ([`Spec::crosstab`]).
///
/// # Errors
/// [`PlanError::Crosstab`]: not two names separated by a comma, a name that is not `seat`, `bot`
/// or one of `G`'s labels (the message lists them), a label paired with itself, or two game
/// labels.
pub fn crosstab_pair<G: Game>(text: &str) -> Result<[String; 2], PlanError> {
    use crate::labels::Labels;
    let Some((a, b)) = text
        .split_once(',')
        .map(|(a, b)| (a.trim(), b.trim()))
        .filter(|(a, b)| !a.is_empty() && !b.is_empty() && !b.contains(','))
    else {
        return Err(PlanError::Crosstab(format!(
            "crosstab: `{text}` is not two labels separated by a comma, e.g. wonder,seat"
        )));
    };
    let (seat, game) = (G::SeatLabels::NAMES, G::GameLabels::NAMES);
    for l in [a, b] {
        if !(l == "seat" || l == "bot" || seat.contains(&l) || game.contains(&l)) {
            let known: Vec<&str> = ["seat", "bot"].iter().chain(seat).chain(game).copied().collect();
            return Err(PlanError::Crosstab(format!(
                "crosstab: {} has no label `{l}`; labels: {}",
                G::NAME,
                known.join(", ")
            )));
        }
    }
    if a == b {
        return Err(PlanError::Crosstab(format!("crosstab: {}", crate::stats::crosstab::same_label(a))));
    }
    if game.contains(&a) && game.contains(&b) {
        // The hint names the flag given here, not `report --by` (nc40e N6).
        let message = crate::stats::crosstab::two_game_labels(a, b).replace("--by ", "--crosstab ");
        return Err(PlanError::Crosstab(format!("crosstab: {message}")));
    }
    Ok([a.to_string(), b.to_string()])
}

/// A lineup `[A, B, …, B]`: at least two seats, one bot in every position but the first.
fn is_duel(lineup: &[BotSpec]) -> bool {
    lineup.len() >= 2 && lineup[2..].iter().all(|b| b.name == lineup[1].name)
}

/// Checks that `games` is a whole number of deals (rotations) at every player count; `by_default`:
/// the spec did not ask for rotation (the error then says how to keep fixed seats).
fn whole_deals(games: u64, counts: &[usize], by_default: bool) -> Result<(), PlanError> {
    let gcd = |mut a: u64, mut b: u64| {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    };
    let lcm = counts.iter().fold(1, |l, &p| l / gcd(l, p as u64) * p as u64);
    if games.is_multiple_of(lcm) {
        return Ok(());
    }
    let below = games - games % lcm;
    let nearest = match below {
        0 => format!("{}", below + lcm),
        _ => format!("{below} or {}", below + lcm),
    };
    let what = if counts.len() == 1 { "the player count".to_string() } else { format!("every player count ({lcm})") };
    let why = if by_default {
        " (the default for two or more distinct bots; --seats fixed keeps each bot in its seat)"
    } else {
        ""
    };
    Err(PlanError::NotWholeDeals(format!(
        "games: {games} is not a multiple of {what}; with seats = rotate{why} every deal is played once under each \
         rotation of the lineup: use {nearest}"
    )))
}

/// Why a spec cannot be played ([`Plan::new`]): each message names the field (`players:`,
/// `games:`, `sprt:`, …) and what would be valid.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PlanError {
    /// A tournament spec given where one match is played.
    #[error(
        "tournament: a tournament is played by `meeple play` or `meeple run`, one match per pair of bots; to \
         replay a game, give the directory of its match (OUT/NN-A-vs-B)"
    )]
    Tournament,
    /// The game's options ([`crate::game::config`]).
    #[error(transparent)]
    Options(#[from] crate::options::OptionError),
    /// No player count given for a game that plays several.
    #[error("give the player count (--players); {game} plays {low}-{high}")]
    NoPlayerCount {
        /// The game.
        game: &'static str,
        /// Its fewest players.
        low: usize,
        /// Its most players.
        high: usize,
    },
    /// An empty list of player counts.
    #[error("players: give at least one player count")]
    NoCounts,
    /// A player count listed twice.
    #[error("players: {0} is listed twice (each count is played once)")]
    CountTwice(usize),
    /// A player count the game does not play (the game's explanation).
    #[error("players: {0}")]
    Players(String),
    /// No games.
    #[error("games: must be at least 1")]
    NoGames,
    /// An action cap of 0.
    #[error("max_actions: must be at least 1 (it caps the actions of one game)")]
    NoActions,
    /// Games that are not a whole number of deals under rotation (the message gives the nearest
    /// counts that are).
    #[error("{0}")]
    NotWholeDeals(String),
    /// Bad SPRT parameters.
    #[error(transparent)]
    Sprt(#[from] SprtError),
    /// An SPRT split into shards.
    #[error("sprt: a sequential test cannot be split into shards; run it without --shard")]
    SprtSharded,
    /// An SPRT with fixed seats.
    #[error(
        "sprt: with fixed seats bot A always sits first, so a seat advantage would count as strength; use --seats \
         rotate (paired deals) or --seats shuffle"
    )]
    SprtFixedSeats,
    /// An SPRT whose lineup is not bot A against bot B (the lineup given).
    #[error(
        "sprt: tests bot A against bot B: give `--bots A,B` (or A,B,B,… with bot B in every seat but the first); \
         got {0}"
    )]
    SprtNotADuel(String),
    /// A cross-tabulation that is not two labels of the game (the message says why, with the
    /// labels there are).
    #[error("{0}")]
    Crosstab(String),
    /// A bot of the lineup that does not parse or cannot play the game.
    #[error(transparent)]
    Bots(#[from] BotSpecError),
}

#[cfg(test)]
mod tests {
    use super::*;

    /// nc40e N6: `play --crosstab` with two game labels suggests a `--crosstab` pair, not `--by`.
    #[test]
    fn two_game_labels_at_play_suggest_a_crosstab_pair() {
        let err = crosstab_pair::<crate::games::sevenwondersduel::SwdState>("victory,first_player").unwrap_err();
        let err = err.to_string();
        assert!(err.contains("--crosstab victory,seat") && !err.contains("--by"), "{err}");
    }

    #[test]
    fn games_must_be_whole_deals_and_the_error_gives_the_nearest_counts() {
        assert_eq!(whole_deals(10, &[2], false), Ok(()));
        assert_eq!(whole_deals(840, &[4, 5, 6, 7], false), Ok(()));
        let err = whole_deals(1_000_000, &[4, 5, 6, 7], false).unwrap_err().to_string();
        assert!(err.starts_with("games: 1000000") && err.contains("999600 or 1000020"), "{err}");
        assert!(whole_deals(3, &[5], false).unwrap_err().to_string().contains("use 5"));
        assert!(
            whole_deals(3, &[2], true)
                .unwrap_err()
                .to_string()
                .contains("default for two or more distinct bots; --seats fixed")
        );
    }
}
