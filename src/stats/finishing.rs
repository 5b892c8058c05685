//! Finishing orders of games at three or more seats, counted per deal for the strength measures
//! of [`super::plackett_luce`] (win share and Plackett–Luce ratings with a bootstrap over deals).
//!
//! A finished game ranks its seats by reward (higher first, [`crate::game::Game::outcome`]) and,
//! among equal rewards, by final score for a game with scores (better first: higher, or lower
//! for MOW's flies); seats equal in both share a place (a tie). The seats with the highest reward
//! are the game's winners: a sole winner, or several sharing the win (ties split the win). A
//! forfeited game scored as a loss ranks the forfeiting seat last and every other seat first, tied
//! and winning.
//!
//! In the tally a game's order is a [`GameCode`] (a `u64`, so that adding a game allocates
//! nothing); [`Counts::rankings`](super::Counts) holds, per player count, the number of deals per
//! *deal text*: the deal's games as texts sorted and joined by ` | `; a game's text lists its
//! places best first, joined by ` > `, the bots of a place by name joined by ` = `, and each
//! winning place starts with `*`: `*greedy > random = random > greedy` (greedy won alone, two
//! random seats tied second). Deals with a truncated game are left out, as in `versus.csv`.

use std::collections::BTreeMap;

use crate::game::MAX_SEATS;

/// A game's finishing order by lineup position, packed in a `u64`: bits `3i..3i+3` hold the
/// lineup position of the seat placed `i`-th (best first), bit `24 + i` (for `i ≥ 1`) is set when
/// that seat ties the one before it, and bits `32..36` hold the number of winners (the first
/// seats of the order).
pub type GameCode = u64;

/// The code of a finished game at `n` seats: `rewards[s]` and `scores[s]` (for a game with scores;
/// `higher_is_better` its direction) of seat `s`, held by lineup position `lineup_of_seat[s]`.
pub fn game_code(n: usize, rewards: &[f64], scores: Option<(&[i32], bool)>, lineup_of_seat: &[usize]) -> GameCode {
    let mut order: [usize; MAX_SEATS] = std::array::from_fn(|s| s);
    // Better first: higher reward, then the better score; insertion sort (at most 8 seats).
    let key = |s: usize| {
        let score = scores.map_or(0, |(sc, higher)| if higher { i64::from(sc[s]) } else { -i64::from(sc[s]) });
        (rewards[s], score)
    };
    let better = |a: usize, b: usize| {
        let ((ra, sa), (rb, sb)) = (key(a), key(b));
        ra > rb || (ra == rb && sa > sb)
    };
    for i in 1..n {
        let mut j = i;
        while j > 0 && better(order[j], order[j - 1]) {
            order.swap(j, j - 1);
            j -= 1;
        }
    }
    let best = rewards[order[0]];
    let winners = (0..n).take_while(|&i| rewards[order[i]] == best).count();
    pack(n, |i| lineup_of_seat[order[i]], |i| key(order[i]) == key(order[i - 1]), winners)
}

/// The code of a game forfeited by seat `forfeiter` and scored as a loss: every other seat first,
/// tied and winning, the forfeiting seat last.
pub fn forfeit_code(n: usize, forfeiter: usize, lineup_of_seat: &[usize]) -> GameCode {
    let seat = |i: usize| if i == n - 1 { forfeiter } else { (0..n).filter(|&s| s != forfeiter).nth(i).unwrap_or(0) };
    pack(n, |i| lineup_of_seat[seat(i)], |i| i < n - 1, n - 1)
}

fn pack(n: usize, position: impl Fn(usize) -> usize, tied: impl Fn(usize) -> bool, winners: usize) -> GameCode {
    let mut code = (winners as u64) << 32;
    for i in 0..n {
        code |= (position(i) as u64 & 7) << (3 * i);
        if i > 0 && tied(i) {
            code |= 1 << (24 + i);
        }
    }
    code
}

/// The text of game `code` at `n` seats, lineup position `p` named `names[p]` (see the module
/// docs).
pub fn game_text(code: GameCode, n: usize, names: &[&str]) -> String {
    let winners = ((code >> 32) & 15) as usize;
    let mut places: Vec<(bool, Vec<&str>)> = Vec::new();
    for i in 0..n {
        let name = names[((code >> (3 * i)) & 7) as usize];
        match places.last_mut() {
            Some(place) if code & (1 << (24 + i)) != 0 => place.1.push(name),
            _ => places.push((i < winners, vec![name])),
        }
    }
    places
        .into_iter()
        .map(|(won, mut bots)| {
            bots.sort_unstable();
            format!("{}{}", if won { "*" } else { "" }, bots.join(" = "))
        })
        .collect::<Vec<_>>()
        .join(" > ")
}

/// The text of a deal of games `codes` (sorted game texts joined by ` | `).
pub fn deal_text(codes: &[GameCode], n: usize, names: &[&str]) -> String {
    let mut games: Vec<String> = codes.iter().map(|&c| game_text(c, n, names)).collect();
    games.sort_unstable();
    games.join(" | ")
}

/// One game's finishing order, read from its text: `places[i]` holds the bots (indices into a
/// list of names) of the `i`-th place, best first; the first `winning` places won.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Ranked {
    /// The places, best first, each a list of bot indices (one per seat).
    pub places: Vec<Vec<usize>>,
    /// How many places (from the first) won.
    pub winning: usize,
}

impl Ranked {
    /// The game of `text`, bots numbered by `index` (which adds names it has not seen).
    pub fn parse(text: &str, index: &mut impl FnMut(&str) -> usize) -> Self {
        let mut winning = 0;
        let places = text
            .split(" > ")
            .map(|place| {
                let place = match place.strip_prefix('*') {
                    Some(rest) => {
                        winning += 1;
                        rest
                    }
                    None => place,
                };
                place.split(" = ").map(&mut *index).collect()
            })
            .collect();
        Ranked { places, winning }
    }

    /// Seats in the game.
    pub fn seats(&self) -> usize {
        self.places.iter().map(Vec::len).sum()
    }

    /// Bot `bot`'s share of the win: its winning seats over all winning seats (ties split the
    /// win), summed over its seats.
    pub fn win_share(&self, bot: usize) -> f64 {
        let won = &self.places[..self.winning];
        let total: usize = won.iter().map(Vec::len).sum();
        let mine = won.iter().flatten().filter(|&&b| b == bot).count();
        mine as f64 / total.max(1) as f64
    }

    /// Bot `bot`'s seats in the game: `(seats, seats that won alone, seats that shared the win)`.
    pub fn results(&self, bot: usize) -> (u64, u64, u64) {
        let seats = self.places.iter().flatten().filter(|&&b| b == bot).count() as u64;
        let won: Vec<usize> = self.places[..self.winning].iter().flatten().copied().collect();
        let mine = won.iter().filter(|&&b| b == bot).count() as u64;
        match won.len() {
            1 => (seats, mine, 0),
            _ => (seats, 0, mine),
        }
    }
}

/// The deals of one player count as games: `deals[d]` lists the games of deal text `d` (indices
/// into `games`) with the deal's count, and `names` the bots, numbered in order of first sight
/// after those given.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Deals {
    /// Bot names; a game's places hold indices into it.
    pub names: Vec<String>,
    /// Distinct games.
    pub games: Vec<Ranked>,
    /// Each distinct deal: its games (indices into `games`) and how many deals it stands for.
    pub deals: Vec<(Vec<usize>, u64)>,
}

impl Deals {
    /// Reads the deal texts of `rankings` (deal text → deals), numbering the bots of `names` first.
    pub fn read(rankings: &BTreeMap<String, u64>, names: &[String]) -> Self {
        let mut names = names.to_vec();
        let mut games: Vec<Ranked> = Vec::new();
        let mut seen: BTreeMap<Ranked, usize> = BTreeMap::new();
        let mut deals = Vec::new();
        for (text, &count) in rankings {
            let mut index = |name: &str| match names.iter().position(|n| n == name) {
                Some(i) => i,
                None => {
                    names.push(name.to_string());
                    names.len() - 1
                }
            };
            let ids = text
                .split(" | ")
                .map(|g| {
                    let game = Ranked::parse(g, &mut index);
                    *seen.entry(game.clone()).or_insert_with(|| {
                        games.push(game);
                        games.len() - 1
                    })
                })
                .collect();
            deals.push((ids, count));
        }
        Deals { names, games, deals }
    }

    /// Deals counted.
    pub fn count(&self) -> u64 {
        self.deals.iter().map(|d| d.1).sum()
    }

    /// Per distinct deal, the sum over its games of `f(game)`, with the deal's count.
    pub fn per_deal(&self, f: impl Fn(&Ranked) -> f64) -> Vec<(f64, u64)> {
        self.deals.iter().map(|(ids, n)| (ids.iter().map(|&g| f(&self.games[g])).sum(), *n)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_ranks_by_reward_then_score_and_ties_share_a_place() {
        // MOW-like (lower flies better): seat 2 wins alone; seats 0 and 3 tie on 5 flies.
        let rewards = [0.0, 0.0, 1.0, 0.0];
        let scores = [5, 9, 1, 5];
        let code = game_code(4, &rewards, Some((&scores, false)), &[0, 1, 1, 1]);
        assert_eq!(game_text(code, 4, &["a", "b"]), "*b > a = b > b");
        // Two winners sharing the win, no scores: the rest tie last.
        let code = game_code(4, &[0.5, 0.0, 0.5, 0.0], None, &[0, 1, 2, 3]);
        assert_eq!(game_text(code, 4, &["d", "c", "b", "a"]), "*b = d > a = c");
        let r =
            Ranked::parse("*b = d > a = c", &mut |n: &str| ["a", "b", "c", "d"].iter().position(|x| *x == n).unwrap());
        assert_eq!((r.win_share(1), r.win_share(0), r.results(3)), (0.5, 0.0, (1, 0, 1)));
    }

    #[test]
    fn a_forfeit_ranks_the_forfeiting_seat_last_and_the_others_first() {
        let code = forfeit_code(3, 1, &[0, 1, 2]);
        assert_eq!(game_text(code, 3, &["a", "b", "c"]), "*a = c > b");
    }

    #[test]
    fn deals_are_read_with_their_distinct_games() {
        let mut r = BTreeMap::new();
        r.insert("*a > b > b | *b > a > b".to_string(), 3);
        r.insert("*a > b > b | *a > b > b".to_string(), 1);
        let d = Deals::read(&r, &["b".into()]);
        assert_eq!(d.names, ["b", "a"]);
        assert_eq!((d.games.len(), d.count()), (2, 4));
        assert_eq!(d.per_deal(|g| g.win_share(1)), vec![(2.0, 1), (1.0, 3)]);
    }
}
