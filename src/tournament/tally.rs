//! The per-thread accumulator of one series (one player count): counts in flat arrays indexed by
//! seat, lineup position and label value, so adding a game hashes nothing and allocates nothing
//! once its groups exist. A label value (a typed [`Value`] of [`Game::seat_labels`] or
//! [`Game::game_labels`]) is numbered the first time the tally sees it and then found by its
//! [`Value::key`] ([`ValueIndex`]); its text is written only on conversion to the string-keyed
//! [`Counts`], once per window.
//!
//! The per-cluster sums of the win-rate intervals ([`Clusters`]) are taken over deals: a deal's
//! games are summed first ([`DealSums`]) and the deal is added as one cluster. With one game per
//! deal that is one cluster per game; under `seats = "rotate"` the rotations of a deal share its
//! cards and dice, so they are one unit, as in `versus.csv`. Rotated runs also give the `all`
//! group and the game-label groups (`winner = outlaws`) deal sums, which whole-game rows need only
//! then. Seats and seat-label values also get cross sums with the deal's totals of their label
//! (all seats; all values of the label), for the balance gaps against the overall rate.
//!
//! A seat is in every game of its series, so the seat groups keep only their rewards, scores,
//! forfeits and interval sums, and take their games and lengths from `all` when converted.
//!
//! A forfeited game (an external bot's fault) is scored by the series' [`ForfeitMode`]: as a loss
//! (the default), the forfeiting seat gets reward 0 and every other seat `1/(n − 1)`
//! ([`Played::scored`]: at two seats the opponent wins, at more the others share the win), and the
//! game counts like a finished one (without final scores) besides its `forfeits`; excluded, it
//! counts only in `forfeits`. Either way its outcome labels (`#[kind(outcome)]`) are not counted:
//! the game stopped before its end, so they would describe an unfinished state. At three or more seats with two or more distinct bots, each deal's
//! finishing orders are counted too ([`crate::stats::finishing`]).

use std::borrow::Borrow;
use std::collections::BTreeMap;

use super::play::{Played, Series};
use super::spec::{ForfeitMode, SeatMode};
use crate::game::{Game, MAX_SEATS, Rewards};
use crate::labels::{Labels, Value};
use crate::stats::crosstab::{CellDeal, CellKey, CrossCounts};
use crate::stats::finishing::{GameCode, deal_text, forfeit_code, game_code};
use crate::stats::{
    CellCounts, Clusters, Counts, GroupCounts, GroupKey, MetricCounts, PairKey, SeatReward, VersusCounts, Wdl,
};

/// Counts of one series, mergeable with `+`-like [`Tally::merge`].
#[derive(Debug, Clone, Default)]
pub struct Tally {
    /// `first_of_name[p]`: the first lineup position whose bot has the name of position `p`
    /// (positions with one name form one `bot` group).
    first_of_name: Vec<usize>,
    /// Per-game sums of each `bot` group, indexed by the group's first lineup position.
    bot_clusters: Vec<Clusters>,
    all: GroupCounts,
    /// By seat: rewards, scores and forfeits only. A seat is in every game of the series, so its
    /// games, lengths and truncated games are `all`'s, and with one game per deal its interval
    /// sums follow from its wins ([`Tally::seat_counts`] completes them).
    seat: Vec<GroupCounts>,
    /// By lineup position (merged by bot name on conversion); unused when `fixed`.
    lineup: Vec<GroupCounts>,
    /// Whether seats are fixed: lineup position `p` always sits in seat `p`, so the lineup
    /// groups are the seat groups, counted once.
    fixed: bool,
    /// Whether the lineup has bots of two names or more (else there are no pairs to count).
    several_bots: bool,
    /// The label values seen, each with its index in `labels`.
    index: ValueIndex,
    /// By label value (seat or game label), indexed by [`ValueIndex`].
    labels: Vec<GroupCounts>,
    /// Bot A against bot B (for series with `versus`; names filled in on conversion).
    versus: VersusCounts,
    /// `pairs[a][b]`: results of lineup position `a` against `b` from `a`'s side, one per game
    /// and pair of seats (merged by bot name on conversion).
    pairs: [[Wdl; MAX_SEATS]; MAX_SEATS],
    /// Whether deals hold several games (rotation): whole-game groups then get deal sums too.
    rotated: bool,
    /// The game's number of seat labels: label slots from it on are game labels.
    seat_label_slots: usize,
    /// The sums of the deal being added, `(seats m, wins w)` per group, added as one cluster
    /// each when the deal is complete.
    deal: DealSums,
    /// Whether a forfeited game is scored as a loss ([`ForfeitMode::Loss`]) rather than left out.
    forfeit_loss: bool,
    /// Whether finishing orders are counted: three or more seats, two or more distinct bots.
    ranked: bool,
    /// By label slot (seat labels, then game labels): whether the label is decided by play
    /// ([`crate::labels::LabelKind::Outcome`]); a forfeited game's are not counted.
    outcome_slots: Vec<bool>,
    /// Deals per finishing orders of their games (sorted, unused entries `u64::MAX`).
    rankings: BTreeMap<[GameCode; MAX_SEATS], u64>,
    /// The design metrics of the finished games, for a series with `metrics`.
    metrics: Option<MetricCounts>,
    /// The cross-tabulations of the series ([`Series::crosstab`]), each with its cells.
    cross: Vec<CrossTally>,
    /// For the cross-tabulations, the game's label values: `cross_values[s · slots + k]` the
    /// index ([`ValueIndex`]) of seat `s`'s seat label `k`, then from `MAX_SEATS · slots` on
    /// the game labels' (`slots` the seat-label slots); [`NOT_RECORDED`] for a forfeited game's
    /// outcome labels. Empty without cross-tabulations.
    cross_values: Vec<u32>,
}

/// A label value a game did not record (a forfeited game's outcome label).
const NOT_RECORDED: u32 = u32::MAX;

/// Where a cross-tabulated label's value comes from ([`Series::crosstab`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CrossSide {
    /// The seat number.
    Seat,
    /// The bot's `bot` group (its first lineup position).
    Bot,
    /// Label slot `k` (seat labels, then game labels, as in [`ValueIndex`]): the value's index.
    Label(usize),
}

/// One cross-tabulated pair of labels: the cells by the two sides' numbers (seat, lineup
/// position or [`ValueIndex`]), their sums for the deal being added, and the seat-games left
/// out because a forfeited game did not record a label.
#[derive(Debug, Clone)]
struct CrossTally {
    /// The pair's labels, as declared.
    names: [String; 2],
    /// Where each label's value comes from.
    sides: [CrossSide; 2],
    /// The cells' sums over the closed deals.
    cells: BTreeMap<(u32, u32), CellCounts>,
    /// The cells' sums in the deal being added.
    deal: BTreeMap<(u32, u32), CellDeal>,
    /// Seat-games of forfeited games whose outcome label of the pair was not recorded.
    left_out: u64,
}

/// `(m, w)` sums of one deal: the group's seats in the deal's finished games and how many of them
/// won (for a game label, the deal's finished games and how many ended with the value). `all`
/// and game labels have sums only under rotation.
#[derive(Debug, Clone, Default)]
struct DealSums {
    /// By seat.
    seat: [(u64, u64); MAX_SEATS],
    /// By `bot` group (its first lineup position).
    bot: [(u64, u64); MAX_SEATS],
    /// By label value (indexed by [`ValueIndex`]); for a game label, `w` only (`m` is `games`).
    labels: Vec<(u64, u64)>,
    /// The label values with sums in `labels`, to close and clear.
    touched: Vec<usize>,
    /// By seat-label slot: the sums of all its values (the label's seats and wins in the deal).
    slots: Vec<(u64, u64)>,
    /// Score sums `(n, y)`: the seats with a score and their total score, by seat.
    seat_scores: [(i64, i64); MAX_SEATS],
    /// Score sums by label value (seat labels only), indexed as `labels`.
    label_scores: Vec<(i64, i64)>,
    /// Score sums by seat-label slot (all its values).
    slot_scores: Vec<(i64, i64)>,
    /// Finished games of the deal.
    games: u64,
    /// Those of them whose outcome labels were recorded (not forfeited).
    outcome_games: u64,
}

/// A group with interval sums, by its index in the tally.
#[derive(Debug, Clone, Copy)]
enum Group {
    /// Seat `s`.
    Seat(usize),
    /// The `bot` group of first lineup position `b`.
    Bot(usize),
    /// Label value `i` ([`ValueIndex`]).
    Label(usize),
}

impl DealSums {
    /// Adds `(m, w)` to the sums of `group`.
    fn add(&mut self, group: Group, m: u64, w: u64) {
        let sums = match group {
            Group::Seat(s) => &mut self.seat[s],
            Group::Bot(b) => &mut self.bot[b],
            Group::Label(i) => {
                if self.labels[i] == (0, 0) {
                    self.touched.push(i);
                }
                &mut self.labels[i]
            }
        };
        *sums = (sums.0 + m, sums.1 + w);
    }

    /// Adds one seat's score `y` to the score sums of `group` (a seat or a seat-label value
    /// already touched by [`DealSums::add`]).
    fn add_score(&mut self, group: Group, y: i32) {
        let sums = match group {
            Group::Seat(s) => &mut self.seat_scores[s],
            Group::Label(i) => &mut self.label_scores[i],
            Group::Bot(_) => return,
        };
        *sums = (sums.0 + 1, sums.1 + i64::from(y));
    }
}

/// The label values a tally has seen, numbered in order of first sight. A value is keyed by its
/// slot (seat label `k` is slot `k`, game label `k` slot `SeatLabels::NAMES.len() + k`) and its
/// [`Value::key`], a number: a value is found by comparing numbers, without hashing or text.
/// Most values (texts, bands, small integers) are found by direct indexing on their kind and
/// payload (`direct`); the rest (large or negative integers) by a scan of the slot's keys.
#[derive(Debug, Clone, Default)]
struct ValueIndex {
    /// `(slot, value)` of each index.
    values: Vec<(usize, Value)>,
    /// Per slot, the [`Value::key`] of each value seen outside `direct`, with its index.
    seen: Vec<Vec<(u64, usize)>>,
    /// Per slot, kind tag and payload below [`DIRECT`], the value's index plus one (0: unseen).
    direct: Vec<u32>,
}

/// Payloads of a [`Value::key`] below this are looked up in [`ValueIndex::direct`]: a direct
/// table saves 384 of the 75,034 instructions of a BANG! 5-player random game (callgrind), most
/// of them in the scan for its 16 characters.
const DIRECT: usize = 32;
/// Kind tags of a [`Value::key`] (its top byte): 0 to 4.
const TAGS: usize = 5;

impl ValueIndex {
    /// An index for `slots` label slots.
    fn new(slots: usize) -> Self {
        ValueIndex { values: Vec::new(), seen: vec![Vec::new(); slots], direct: vec![0; slots * TAGS * DIRECT] }
    }

    /// The position of `key` of `slot` in `direct`, if its payload is small enough.
    #[inline]
    fn direct_at(slot: usize, key: u64) -> Option<usize> {
        let (tag, payload) = ((key >> 56) as usize, (key & ((1 << 56) - 1)) as usize);
        (payload < DIRECT).then_some((slot * TAGS + tag) * DIRECT + payload)
    }

    /// The index of `value` in `slot`, and whether it is new.
    #[inline]
    fn get(&mut self, slot: usize, value: Value) -> (usize, bool) {
        let key = value.key();
        match Self::direct_at(slot, key) {
            Some(j) => {
                if let Some(&i) = self.direct.get(j)
                    && i > 0
                {
                    return (i as usize - 1, false);
                }
            }
            None => {
                if let Some(seen) = self.seen.get(slot)
                    && let Some(&(_, i)) = seen.iter().find(|&&(k, _)| k == key)
                {
                    return (i, false);
                }
            }
        }
        self.insert(slot, value, key)
    }

    /// Numbers `value`, not seen yet in `slot`.
    #[cold]
    fn insert(&mut self, slot: usize, value: Value, key: u64) -> (usize, bool) {
        let i = self.values.len();
        self.values.push((slot, value));
        if self.seen.len() <= slot {
            self.seen.resize_with(slot + 1, Default::default);
            self.direct.resize((slot + 1) * TAGS * DIRECT, 0);
        }
        match Self::direct_at(slot, key) {
            Some(j) => self.direct[j] = u32::try_from(i + 1).expect("fewer than 2^32 label values"),
            None => self.seen[slot].push((key, i)),
        }
        (i, true)
    }
}

impl Tally {
    /// An empty tally for `series`.
    pub fn new<G: Game>(series: &Series<G>) -> Self {
        let names = &series.lineup;
        let first_of_name: Vec<usize> =
            names.iter().map(|b| names.iter().position(|x| x.name == b.name).unwrap_or(0)).collect();
        let several_bots = first_of_name.iter().enumerate().any(|(p, &first)| p > 0 && first == p);
        Tally {
            several_bots,
            first_of_name,
            bot_clusters: vec![Clusters::default(); names.len()],
            rotated: series.games_per_deal() > 1,
            fixed: series.seats == SeatMode::Fixed,
            seat_label_slots: G::SeatLabels::NAMES.len(),
            index: ValueIndex::new(G::SeatLabels::NAMES.len() + G::GameLabels::NAMES.len()),
            forfeit_loss: series.forfeit == ForfeitMode::Loss,
            ranked: series.players > 2 && several_bots,
            outcome_slots: crate::labels::outcome_slots::<G::SeatLabels>()
                .into_iter()
                .chain(crate::labels::outcome_slots::<G::GameLabels>())
                .collect(),
            deal: DealSums {
                slots: vec![(0, 0); G::SeatLabels::NAMES.len()],
                slot_scores: vec![(0, 0); G::SeatLabels::NAMES.len()],
                ..Default::default()
            },
            metrics: series.metrics.then(MetricCounts::default),
            cross: series.crosstab.iter().map(|names| CrossTally::new::<G>(names)).collect(),
            cross_values: if series.crosstab.is_empty() {
                Vec::new()
            } else {
                vec![NOT_RECORDED; MAX_SEATS * G::SeatLabels::NAMES.len() + G::GameLabels::NAMES.len()]
            },
            ..Default::default()
        }
    }

    /// Records the games of one deal, in index order, and with `versus` A's total score over the
    /// deal and, for a game with scores, A's total score margin (or the deal as truncated, if one
    /// of its games was, else as forfeited if `--forfeit exclude` left one of its games out). A's total score is summed exactly, in units of `1 / (2(n − 1)·L)` points
    /// (`L` = lcm(1, …, n), so that shared rewards `1/k` are whole units), then rounded once to
    /// millionths: equal totals always share one bin.
    pub fn add_deal<G: Game, P: Borrow<Played<G>>>(&mut self, versus: bool, games: impl IntoIterator<Item = P>) {
        let (mut score, mut margin) = (Some(0), Some(0));
        let mut codes = Some([GameCode::MAX; MAX_SEATS]);
        let (mut played, mut n) = (0, 2);
        // Whether a game of the deal was truncated (else a deal left out had a forfeit excluded).
        let mut truncated = false;
        for p in games {
            let p = p.borrow();
            n = p.state.num_players();
            let result = self.add(p);
            truncated |= result.is_none() && (p.truncated || p.forfeit.is_none());
            if let (Some(m), Some(g)) = (self.metrics.as_mut(), p.metrics.as_deref()) {
                m.add(g);
            }
            if versus {
                score = score.zip(result.map(|(r, _)| score_units(p, &r))).map(|(a, b)| a + b);
                margin = margin.zip(margin_units(p)).map(|(a, b)| a + b);
            }
            match (result, codes.as_mut()) {
                (Some((_, code)), Some(c)) if played < MAX_SEATS => c[played] = code,
                _ => codes = None,
            }
            played += 1;
        }
        self.close_deal();
        if let Some(m) = self.metrics.as_mut() {
            m.close_deal();
        }
        if let Some(mut c) = codes.filter(|_| self.ranked && played > 0) {
            c.sort_unstable();
            *self.rankings.entry(c).or_default() += 1;
        }
        match score {
            _ if !versus => {}
            Some(units) => {
                let d = score_denominator(n);
                self.versus.add_deal((units * 2_000_000 + d) / (2 * d));
                margin.into_iter().for_each(|m| self.versus.add_margin(m));
            }
            None if truncated => self.versus.truncated_deals += 1,
            None => self.versus.forfeited_deals += 1,
        }
    }

    /// The index of label value `value` in `slot` (see [`ValueIndex`]), with its groups made.
    #[inline]
    fn label(&mut self, slot: usize, value: Value) -> usize {
        let (i, new) = self.index.get(slot, value);
        if new {
            self.labels.push(GroupCounts::default());
            self.deal.labels.push((0, 0));
            self.deal.label_scores.push((0, 0));
        }
        i
    }

    /// Records one game; returns the rewards it was scored with and its finishing order (`None`
    /// for a game left out: truncated, or forfeited under [`ForfeitMode::Exclude`]).
    fn add<G: Game>(&mut self, p: &Played<G>) -> Option<(Rewards, GameCode)> {
        let n = p.state.num_players();
        if self.seat.len() < n {
            self.seat.resize(n, GroupCounts::default());
            self.lineup.resize(n, GroupCounts::default());
        }
        let (r, code) = match (p.outcome(), &p.forfeit) {
            (Some(r), _) => {
                let scores = final_scores(p);
                let higher = G::SCORING.is_none_or(|s| s.higher_is_better);
                let by_score = scores.as_ref().map(|s| (&s[..n], higher));
                (r, if self.ranked { game_code(n, &r[..n], by_score, &p.lineup_of_seat[..n]) } else { 0 })
            }
            (None, Some((f, _))) if self.forfeit_loss && !p.truncated => {
                self.add_forfeit(p, *f);
                let r = p.scored(ForfeitMode::Loss).expect("a forfeit scored as a loss");
                (r, if self.ranked { forfeit_code(n, *f, &p.lineup_of_seat[..n]) } else { 0 })
            }
            _ => {
                self.add_unfinished(p);
                return None;
            }
        };
        let length = p.length;
        let scores = final_scores(p);
        // Each seat's reward, classified once for all the groups the seat is counted in.
        let rewards: [SeatReward; MAX_SEATS] =
            std::array::from_fn(|s| if s < n { SeatReward::of(r[s]) } else { SeatReward::default() });
        // Seat `s`'s result: its reward and its score.
        let result = |g: &mut GroupCounts, s: usize| {
            g.add_seat_reward(rewards[s]);
            if let Some(sc) = scores {
                g.add_score(sc[s]);
            }
        };
        // A group of seats: the game and seat `s`'s result.
        let record = |g: &mut GroupCounts, s: usize| {
            g.add_game(length);
            result(g, s);
        };
        // A whole-game group: the game and every seat's score.
        let record_game = |g: &mut GroupCounts| {
            g.add_game(length);
            scores.iter().flat_map(|sc| &sc[..n]).for_each(|&x| g.add_score(x));
        };
        record_game(&mut self.all);
        for s in 0..n {
            // The seat's games and lengths are `all`'s ([`Tally::seat_counts`]).
            result(&mut self.seat[s], s);
            if !self.fixed {
                record(&mut self.lineup[p.lineup_of_seat[s]], s);
            }
        }
        let wins = |s: usize| u64::from(rewards[s].win);
        // A forfeited game stopped before its end: its outcome labels are not counted.
        let forfeited = p.forfeit.is_some();
        let crossed = !self.cross.is_empty();
        if crossed {
            self.cross_values.fill(NOT_RECORDED);
        }
        let seat_slots = self.seat_label_slots;
        for s in 0..n {
            p.state.seat_labels(s).visit(&mut |slot, value| {
                if forfeited && self.outcome_slots[slot] {
                    return;
                }
                let i = self.label(slot, value);
                if crossed {
                    self.cross_values[s * seat_slots + slot] = i as u32;
                }
                record(&mut self.labels[i], s);
                // Summed per value first: the seats of one game with one value are one cluster.
                self.deal.add(Group::Label(i), 1, wins(s));
                if let Some(sc) = scores {
                    self.deal.add_score(Group::Label(i), sc[s]);
                }
            });
        }
        for s in 0..n {
            self.deal.add(Group::Bot(self.first_of_name[p.lineup_of_seat[s]]), 1, wins(s));
        }
        for s in 0..n {
            self.deal.add(Group::Seat(s), 1, wins(s));
            if let Some(sc) = scores {
                self.deal.add_score(Group::Seat(s), sc[s]);
            }
        }
        if self.rotated {
            self.deal.games += 1;
            self.deal.outcome_games += u64::from(!forfeited);
        }
        let first = self.seat_label_slots;
        p.state.game_labels().visit(&mut |slot, value| {
            if forfeited && self.outcome_slots[first + slot] {
                return;
            }
            let i = self.label(first + slot, value);
            if crossed {
                self.cross_values[MAX_SEATS * seat_slots + slot] = i as u32;
            }
            record_game(&mut self.labels[i]);
            if self.rotated {
                self.deal.add(Group::Label(i), 0, 1);
            }
        });
        if crossed {
            self.add_cross(p, &rewards, scores.as_ref());
        }
        // Pairs of one name are not counted (`into_counts` would leave them out).
        for s in (0..n).filter(|_| self.several_bots) {
            for t in s + 1..n {
                let wdl = &mut self.pairs[p.lineup_of_seat[s]][p.lineup_of_seat[t]];
                match r[s].total_cmp(&r[t]) {
                    std::cmp::Ordering::Greater => wdl.wins += 1,
                    std::cmp::Ordering::Equal => wdl.draws += 1,
                    std::cmp::Ordering::Less => wdl.losses += 1,
                }
            }
        }
        Some((r, code))
    }

    /// Adds every seat of game `p` (scored with `rewards`, with final `scores` if it has them) to
    /// the deal's sums of the cross-tabulations, by the label values recorded in
    /// `cross_values`; a seat whose value of a label was not recorded is left out.
    fn add_cross<G: Game>(
        &mut self,
        p: &Played<G>,
        rewards: &[SeatReward; MAX_SEATS],
        scores: Option<&[i32; MAX_SEATS]>,
    ) {
        let n = p.state.num_players();
        let (values, slots) = (&self.cross_values, self.seat_label_slots);
        for c in &mut self.cross {
            for s in 0..n {
                let side = |side: CrossSide| match side {
                    CrossSide::Seat => s as u32,
                    CrossSide::Bot => self.first_of_name[p.lineup_of_seat[s]] as u32,
                    CrossSide::Label(k) if k < slots => values[s * slots + k],
                    CrossSide::Label(k) => values[MAX_SEATS * slots + k - slots],
                };
                let key = (side(c.sides[0]), side(c.sides[1]));
                if key.0 == NOT_RECORDED || key.1 == NOT_RECORDED {
                    c.left_out += 1;
                    continue;
                }
                c.deal.entry(key).or_default().add_seat(rewards[s].win, scores.map(|sc| i64::from(sc[s])));
            }
        }
    }

    /// Counts a game forfeited by seat `f` and scored as a loss in the `forfeits` of `all` and of
    /// the forfeiting seat's groups (the game itself is then recorded as finished).
    #[cold]
    fn add_forfeit<G: Game>(&mut self, p: &Played<G>, f: usize) {
        self.all.forfeits += 1;
        self.all.forfeits_scored += 1;
        self.seat[f].forfeits += 1;
        if !self.fixed {
            self.lineup[p.lineup_of_seat[f]].forfeits += 1;
        }
        p.state.seat_labels(f).visit(&mut |slot, value| {
            if !self.outcome_slots[slot] {
                let i = self.label(slot, value);
                self.labels[i].forfeits += 1;
            }
        });
    }

    /// Records a game without an outcome (truncated, or forfeited): as truncated in every group
    /// it belongs to (`all`, its bots and seat-label values; its seats take `all`'s), or for a
    /// forfeit, as forfeited in `all` and the groups of the seat that forfeited.
    #[cold]
    fn add_unfinished<G: Game>(&mut self, p: &Played<G>) {
        let n = p.state.num_players();
        let forfeiter = p.forfeit.as_ref().map(|f| f.0);
        let mark = |g: &mut GroupCounts, seat: Option<usize>| match forfeiter {
            Some(f) => g.forfeits += u64::from(seat.is_none_or(|s| s == f)),
            None => g.truncated += 1,
        };
        mark(&mut self.all, None);
        if let Some(f) = forfeiter {
            self.seat[f].forfeits += 1;
        }
        for s in 0..n {
            if !self.fixed {
                mark(&mut self.lineup[p.lineup_of_seat[s]], Some(s));
            }
        }
        for s in 0..n {
            p.state.seat_labels(s).visit(&mut |slot, value| {
                // A forfeit's outcome labels are the unfinished state's: not counted.
                if forfeiter.is_none() || !self.outcome_slots[slot] {
                    let i = self.label(slot, value);
                    mark(&mut self.labels[i], Some(s));
                }
            });
        }
    }

    /// Adds the sums of the deal just recorded as one cluster of each of its groups, and clears them.
    fn close_deal(&mut self) {
        let deal = &mut self.deal;
        // The seats' totals, and each seat label's (all of its values), for the cross sums.
        let total = deal.seat.iter().fold((0, 0), |t, s| (t.0 + s.0, t.1 + s.1));
        let total_score = deal.seat_scores.iter().fold((0, 0), |t, s| (t.0 + s.0, t.1 + s.1));
        for (s, sums) in deal.seat.iter_mut().enumerate() {
            if sums.0 > 0 {
                self.seat[s].clusters.add_in(sums.0, sums.1, total.0, total.1);
            }
            *sums = (0, 0);
            let (n, y) = std::mem::take(&mut deal.seat_scores[s]);
            if n > 0 {
                self.seat[s].clusters.scores.add(n, y, total_score.0, total_score.1);
            }
        }
        if deal.slots.len() < self.seat_label_slots {
            deal.slots.resize(self.seat_label_slots, (0, 0));
        }
        if deal.slot_scores.len() < self.seat_label_slots {
            deal.slot_scores.resize(self.seat_label_slots, (0, 0));
        }
        for &i in &deal.touched {
            let slot = self.index.values[i].0;
            if let Some(t) = deal.slots.get_mut(slot) {
                *t = (t.0 + deal.labels[i].0, t.1 + deal.labels[i].1);
                let (t, v) = (&mut deal.slot_scores[slot], deal.label_scores[i]);
                *t = (t.0 + v.0, t.1 + v.1);
            }
        }
        for (b, sums) in deal.bot.iter_mut().enumerate() {
            if sums.0 > 0 {
                self.bot_clusters[b].add(sums.0, sums.1);
            }
            *sums = (0, 0);
        }
        for i in deal.touched.drain(..) {
            let (m, w) = std::mem::take(&mut deal.labels[i]);
            let (n, y) = std::mem::take(&mut deal.label_scores[i]);
            let slot = self.index.values[i].0;
            if slot < self.seat_label_slots {
                let (tm, tw) = deal.slots[slot];
                self.labels[i].clusters.add_in(m, w, tm, tw);
                if n > 0 {
                    let (tn, ty) = deal.slot_scores[slot];
                    self.labels[i].clusters.scores.add(n, y, tn, ty);
                }
            } else if self.outcome_slots[slot] {
                // A forfeited game's outcome labels were not recorded: it is not in the deal's `m`.
                self.labels[i].clusters.add(deal.outcome_games, w);
            } else {
                self.labels[i].clusters.add(deal.games, w);
            }
        }
        for c in &mut self.cross {
            for (key, d) in std::mem::take(&mut c.deal) {
                c.cells.entry(key).or_default().add_deal(d);
            }
        }
        if deal.games > 0 {
            self.all.clusters.add(deal.games, 0);
            if deal.outcome_games < deal.games {
                self.all.forfeit_deals.add(deal.games, deal.outcome_games);
            }
        }
        (deal.games, deal.outcome_games) = (0, 0);
        deal.slots.iter_mut().for_each(|t| *t = (0, 0));
        deal.slot_scores.iter_mut().for_each(|t| *t = (0, 0));
    }

    /// The counts of seat `s`: its own rewards, scores, forfeits and interval sums, with the games,
    /// lengths and truncated games of `all`.
    fn seat_counts(&self, s: usize) -> GroupCounts {
        let (all, seat) = (&self.all, &self.seat[s]);
        GroupCounts { games: all.games, truncated: all.truncated, length: all.length.clone(), ..seat.clone() }
    }

    /// Adds every count of `other` (both made by [`Tally::new`] for the same series).
    pub fn merge(mut self, other: Tally) -> Tally {
        debug_assert_eq!(self.first_of_name, other.first_of_name, "tallies of one series");
        self.bot_clusters.iter_mut().zip(&other.bot_clusters).for_each(|(a, b)| a.merge(b));
        self.all.merge(&other.all);
        for (mine, theirs) in [(&mut self.seat, &other.seat), (&mut self.lineup, &other.lineup)] {
            if mine.len() < theirs.len() {
                mine.resize(theirs.len(), GroupCounts::default());
            }
            mine.iter_mut().zip(theirs).for_each(|(a, b)| a.merge(b));
        }
        // `other`'s value indices in `self`.
        let mut remap = Vec::with_capacity(other.labels.len());
        for (&(slot, value), g) in other.index.values.iter().zip(&other.labels) {
            let i = self.label(slot, value);
            self.labels[i].merge(g);
            remap.push(i as u32);
        }
        for (mine, theirs) in self.cross.iter_mut().zip(&other.cross) {
            let at = |side: CrossSide, x: u32| if let CrossSide::Label(_) = side { remap[x as usize] } else { x };
            for (&(a, b), c) in &theirs.cells {
                mine.cells.entry((at(mine.sides[0], a), at(mine.sides[1], b))).or_default().merge(c);
            }
            mine.left_out += theirs.left_out;
        }
        self.versus.merge(&other.versus);
        for (mine, theirs) in self.pairs.iter_mut().flatten().zip(other.pairs.iter().flatten()) {
            mine.merge(theirs);
        }
        for (k, n) in other.rankings {
            *self.rankings.entry(k).or_default() += n;
        }
        if let (Some(mine), Some(theirs)) = (self.metrics.as_mut(), other.metrics.as_ref()) {
            mine.merge(theirs);
        }
        self
    }

    /// The string-keyed counts of `series`, with its A-against-B counts if `versus`.
    pub fn into_counts<G: Game>(self, series: &Series<G>, versus: bool) -> Counts {
        let (players, bot_names) = (series.players, &series.lineup);
        let mut counts = Counts {
            game_labels: G::GameLabels::NAMES.iter().map(|s| s.to_string()).collect(),
            outcome_labels: [G::SeatLabels::FIELDS, G::GameLabels::FIELDS]
                .into_iter()
                .flat_map(crate::labels::outcome_names)
                .map(str::to_string)
                .collect(),
            scoring: G::SCORING.map(Into::into),
            ..Default::default()
        };
        if versus {
            let (a, b) = (&bot_names[0].name, &bot_names[1].name);
            let mut versus = VersusCounts::new(a, b, series.games_per_deal() as usize);
            versus.merge(&self.versus);
            counts.versus.insert(players, versus);
        }
        let mut put = |label: &str, value: String, g: &GroupCounts| {
            let key = GroupKey { players, label: label.into(), value };
            counts.groups.entry(key).or_default().merge(g);
        };
        put("all", "all".into(), &self.all);
        let seat: Vec<GroupCounts> = (0..self.seat.len()).map(|s| self.seat_counts(s)).collect();
        for (s, g) in seat.iter().enumerate() {
            put("seat", s.to_string(), g);
        }
        let lineup = if self.fixed { &seat } else { &self.lineup };
        for (i, g) in lineup.iter().enumerate() {
            let clusters = self.bot_clusters.get(i).copied().unwrap_or_default();
            put("bot", bot_names[i].name.clone(), &GroupCounts { clusters, ..g.clone() });
        }
        for (&(slot, value), g) in self.index.values.iter().zip(&self.labels) {
            let seat_labels = G::SeatLabels::NAMES;
            let name = seat_labels.get(slot).unwrap_or_else(|| &G::GameLabels::NAMES[slot - seat_labels.len()]);
            put(name, value.to_string(), g);
        }
        if !self.rankings.is_empty() {
            let names: Vec<&str> = bot_names.iter().map(|b| b.name.as_str()).collect();
            let deals = counts.rankings.entry(players).or_default();
            for (codes, &n) in &self.rankings {
                let played = codes.iter().take_while(|&&c| c != GameCode::MAX).count();
                *deals.entry(deal_text(&codes[..played], players, &names)).or_default() += n;
            }
        }
        for c in &self.cross {
            let text = |side: CrossSide, x: u32| match side {
                CrossSide::Seat => x.to_string(),
                CrossSide::Bot => bot_names[x as usize].name.clone(),
                CrossSide::Label(_) => self.index.values[x as usize].1.to_string(),
            };
            let mut cross = CrossCounts { left_out: c.left_out, ..Default::default() };
            for (&(a, b), cell) in &c.cells {
                let key = CellKey { players, a: text(c.sides[0], a), b: text(c.sides[1], b) };
                cross.cells.entry(key).or_default().merge(cell);
            }
            counts.crosstabs.entry(c.names.join(",")).or_default().merge(&cross);
        }
        if let Some(m) = self.metrics {
            counts.metrics.insert(players, m);
        }
        for (a, row) in self.pairs.iter().enumerate().take(bot_names.len()) {
            for (b, wdl) in row.iter().enumerate().take(bot_names.len()) {
                let (x, y) = (&bot_names[a].name, &bot_names[b].name);
                if x == y || wdl.games() == 0 {
                    continue;
                }
                let (bot, opponent, wdl) = if x < y { (x, y, *wdl) } else { (y, x, wdl.flipped()) };
                let key = PairKey { players, bot: bot.clone(), opponent: opponent.clone() };
                counts.pairs.entry(key).or_default().merge(&wdl);
            }
        }
        counts
    }
}

impl CrossTally {
    /// The tally of the pair `names` of `G`'s labels (validated by the plan).
    fn new<G: Game>(names: &[String; 2]) -> Self {
        let (seat, game) = (G::SeatLabels::NAMES, G::GameLabels::NAMES);
        let side = |name: &str| match name {
            "seat" => CrossSide::Seat,
            "bot" => CrossSide::Bot,
            _ => CrossSide::Label(
                seat.iter()
                    .position(|&l| l == name)
                    .or_else(|| game.iter().position(|&l| l == name).map(|k| seat.len() + k))
                    .expect("a label of the game (checked by the plan)"),
            ),
        };
        CrossTally {
            names: names.clone(),
            sides: [side(&names[0]), side(&names[1])],
            cells: BTreeMap::new(),
            deal: BTreeMap::new(),
            left_out: 0,
        }
    }
}

/// The denominator of A's score units at `n` seats: `2(n − 1)·lcm(1, …, n)`.
fn score_denominator(n: usize) -> u64 {
    let gcd = |mut a: u64, mut b: u64| {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    };
    let lcm = (1..=n as u64).fold(1, |l, k| l / gcd(l, k) * k);
    2 * (n as u64 - 1).max(1) * lcm
}

/// A's score in game `p` scored with `rewards`: `(1 + r_A − mean r_B) / 2`, where A is lineup
/// position 0 and B every other position, in units of `1 / score_denominator(n)` points (whole
/// for rewards that are multiples of `1 / lcm(1, …, n)`, as every game's are: 1, 0 and shares
/// `1/k` of a win; others are rounded to the nearest unit).
fn score_units<G: Game>(p: &Played<G>, rewards: &Rewards) -> u64 {
    let n = p.state.num_players();
    let a = (0..n).find(|&s| p.lineup_of_seat[s] == 0).expect("lineup position 0 has a seat");
    let b = (0..n).filter(|&s| s != a).map(|s| rewards[s]).sum::<f64>();
    // (1 + r_A − b/(n−1)) / 2 · 2(n−1)L = ((n−1)(1 + r_A) − b)·L.
    let lcm = score_denominator(n) / (2 * (n as u64 - 1).max(1));
    (((n - 1) as f64 * (1.0 + rewards[a]) - b) * lcm as f64).round() as u64
}

/// Every seat's final score in game `p` (0 past its seats), for a game with scores that finished;
/// `None` otherwise.
fn final_scores<G: Game>(p: &Played<G>) -> Option<[i32; MAX_SEATS]> {
    G::SCORING?;
    p.outcome()?;
    let n = p.state.num_players();
    Some(std::array::from_fn(|s| if s < n { p.state.score(s) } else { 0 }))
}

/// A's score margin in game `p` in units of `1 / (n − 1)` points (an integer, so sums are exact):
/// `±((n − 1)·s_A − Σ s_B)` over the B seats, `+` when higher scores are better and `−` when lower
/// are, so that a positive margin is always good for A (lineup position 0). `None` for a game
/// without scores or a truncated game.
fn margin_units<G: Game>(p: &Played<G>) -> Option<i64> {
    let scoring = G::SCORING?;
    let scores = final_scores(p)?;
    let n = p.state.num_players();
    let a = (0..n).find(|&s| p.lineup_of_seat[s] == 0).expect("lineup position 0 has a seat");
    let b: i64 = (0..n).filter(|&s| s != a).map(|s| i64::from(scores[s])).sum();
    let margin = (n as i64 - 1) * i64::from(scores[a]) - b;
    Some(if scoring.higher_is_better { margin } else { -margin })
}
