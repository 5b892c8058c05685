//! The actions ([`Action`]), their legality and their effects: piles (spec rules 2–9), the end of
//! a hand with roles and scoring (rules 10, 13, 14) and the exchange (rules 11–12).

use std::fmt;

use super::cards::{Cards, JOKER, Rank, rank_char, strength};
use super::state::{Knowledge, Phase, Pile, PresidentState, Role, SkipMode};
use crate::game::{GameRng, MAX_SEATS};

/// A decision of the decider. Cards are named by rank only (suits play no part in the rules), so
/// an action means the same in every determinization.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Play `count` cards of `rank` (rules 2–4, 7, 8). A Joker is always played alone.
    Play {
        /// The rank played.
        rank: Rank,
        /// How many cards of it.
        count: u8,
    },
    /// Pass: out of the open pile until it closes (rule 3).
    Pass,
    /// The President or the Prime Minister chooses one card of `rank` to give back (rule 11).
    Give(Rank),
}

impl fmt::Display for Action {
    /// `play 99`, `play *`, `pass`, `give 4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Play { rank, count } => {
                write!(f, "play ")?;
                (0..count).try_for_each(|_| write!(f, "{}", rank_char(rank)))
            }
            Action::Pass => write!(f, "pass"),
            Action::Give(rank) => write!(f, "give {}", rank_char(rank)),
        }
    }
}

/// The exchange slot (index into `gifts`) of the giver with `role`, and how many cards it gives.
fn gift_slot(role: Role) -> (usize, u32) {
    if role == Role::President { (0, 2) } else { (1, 1) }
}

impl PresidentState {
    /// Whether `rank` played `count` at a time may follow the open pile (rules 3, 4 and 8).
    fn may_follow(&self, rank: Rank, count: u8) -> bool {
        let pile = self.pile;
        if rank == JOKER {
            return count == 1;
        }
        if count != pile.count || pile.rank == JOKER {
            return false;
        }
        let (mine, theirs) = (strength(rank, self.revolution), strength(pile.rank, self.revolution));
        mine > theirs || (self.config.skip && rank == pile.rank)
    }

    /// Fills `out` with the decider's legal actions: in the exchange, a `Give` per rank held;
    /// when leading, every `Play` of 1 to 4 cards of a rank held (a Joker alone); when following,
    /// `Pass` and every `Play` that may follow.
    pub(super) fn fill_legal(&self, out: &mut Vec<Action>) {
        out.clear();
        let p = self.turn as usize;
        let hand = self.hands[p];
        match self.phase {
            Phase::Over => {}
            Phase::Exchange => {
                out.extend(hand.ranks().map(Action::Give));
            }
            Phase::Play if self.pile.count == 0 => {
                for rank in hand.ranks() {
                    let most = if rank == JOKER { 1 } else { hand.count(rank) };
                    out.extend((1..=most).map(|count| Action::Play { rank, count }));
                }
            }
            Phase::Play => {
                out.push(Action::Pass);
                let count = self.pile.count;
                for rank in hand.ranks() {
                    let c = if rank == JOKER { 1 } else { count };
                    if hand.count(rank) >= c && self.may_follow(rank, c) {
                        out.push(Action::Play { rank, count: c });
                    }
                }
            }
        }
    }

    /// Whether `action` is among [`fill_legal`](Self::fill_legal)'s (without allocating).
    fn is_legal(&self, action: Action) -> bool {
        let hand = self.hands[self.turn as usize];
        match (self.phase, action) {
            (Phase::Exchange, Action::Give(rank)) => hand.count(rank) > 0,
            (Phase::Play, Action::Pass) => self.pile.count > 0,
            (Phase::Play, Action::Play { rank, count }) => {
                let shape = count >= 1 && hand.count(rank) >= count && (rank != JOKER || count == 1);
                shape && (self.pile.count == 0 || self.may_follow(rank, count))
            }
            _ => false,
        }
    }

    /// Plays `action` for the decider.
    pub(super) fn apply_action(&mut self, action: Action, rng: &mut GameRng) {
        debug_assert!(self.is_legal(action), "illegal {action} in\n{self}");
        match action {
            Action::Give(rank) => self.give(rank),
            Action::Pass => self.pass(),
            Action::Play { rank, count } => self.play(rank, count, rng),
        }
    }

    /// The next seat clockwise after `from` that holds cards, has not passed and is not the last
    /// player of the pile; `None` when there is none (the pile closes, rule 5).
    fn next_in_pile(&self, from: usize) -> Option<usize> {
        let n = self.n as usize;
        (1..n)
            .map(|k| (from + k) % n)
            .find(|&q| !self.hands[q].is_empty() && self.passed & (1 << q) == 0 && q != self.pile.last as usize)
    }

    /// The next seat clockwise after `from` (or `from` itself first when `inclusive`) that holds
    /// cards.
    fn next_holding(&self, from: usize, inclusive: bool) -> usize {
        let n = self.n as usize;
        let start = if inclusive { 0 } else { 1 };
        (start..=n).map(|k| (from + k) % n).find(|&q| !self.hands[q].is_empty()).expect("someone holds cards")
    }

    /// Closes the pile: its last player leads, or if out of cards the next seat clockwise holding
    /// cards (rule 5).
    fn close_pile(&mut self) {
        self.turn = self.next_holding(self.pile.last as usize, true) as u8;
        self.pile = Pile::default();
        self.passed = 0;
    }

    /// Passes: out of the pile until it closes (rule 3); closes it if no one else is left in it
    /// (rule 5).
    fn pass(&mut self) {
        let p = self.turn as usize;
        self.passed |= 1 << p;
        match self.next_in_pile(p) {
            Some(q) => self.turn = q as u8,
            None => self.close_pile(),
        }
    }

    /// Whether no card still in a hand can follow the last play (rule 6). Decided from the cards
    /// not yet played, which are public, so closing early reveals nothing about any hand.
    fn unbeatable(&self) -> bool {
        let left = self.unplayed();
        if self.pile.rank == JOKER {
            return true;
        }
        if left.count(JOKER) > 0 {
            return false;
        }
        (0..JOKER).all(|r| left.count(r) < self.pile.count || !self.may_follow(r, self.pile.count))
    }

    /// Plays `count` cards of `rank` (rules 2–4): updates the exchange knowledge, toggles the
    /// Revolution on a four of a kind (rule 7), records a player going out and ends the hand when
    /// one holder is left (rule 9), closes the pile on a Joker, on four of a rank in a row under
    /// Skip or when nothing unplayed can follow (rules 4, 6, 8), else passes the turn on,
    /// skipping after a match (rule 8).
    fn play(&mut self, rank: Rank, count: u8, rng: &mut GameRng) {
        let p = self.turn as usize;
        self.hands[p] = self.hands[p].minus(rank, count);
        for k in &mut self.knowledge[..self.n as usize] {
            if k.partner as usize == p {
                // The known cards are taken to be played first: what stays known is a sure
                // lower bound on the hand, and the cap on the other cards still holds.
                k.known = k.known.minus(rank, k.known.count(rank).min(count));
            }
        }
        let matched = self.pile.count > 0 && rank == self.pile.rank;
        let run = if matched { self.pile.run + count } else { count };
        self.pile = Pile { count: self.pile.count.max(count), rank, last: p as u8, run };
        if self.config.revolution && count == 4 {
            self.revolution = !self.revolution;
        }
        if self.hands[p].is_empty() {
            self.order[self.out as usize] = p as u8;
            self.out += 1;
            if self.out + 1 == self.n {
                self.end_hand(rng);
                return;
            }
        }
        let four_in_a_row = self.config.skip && run == 4;
        if four_in_a_row || self.unbeatable() {
            self.close_pile();
            return;
        }
        let Some(mut next) = self.next_in_pile(p) else {
            self.close_pile();
            return;
        };
        if matched && self.skips(next, rank, count) {
            match self.next_in_pile(next) {
                Some(q) => next = q,
                // The turn would come back to the player who matched: the pile closes.
                None => {
                    self.close_pile();
                    return;
                }
            }
        }
        self.turn = next as u8;
    }

    /// Whether `seat`, the next player after a match of `count` cards of `rank`, loses its turn
    /// (rule 8).
    fn skips(&self, seat: usize, rank: Rank, count: u8) -> bool {
        match self.config.skip_mode {
            SkipMode::Always => true,
            SkipMode::IfCannotMatch => self.hands[seat].count(rank) < count,
        }
    }

    /// The hand is over (rule 9): the last holder goes out last, roles and points are given
    /// (rules 10, 13); the game ends if someone is at 0 or below (rule 14), else the next hand is
    /// dealt by the Beggar and the exchange starts (rules 1, 11, 12).
    fn end_hand(&mut self, rng: &mut GameRng) {
        let n = self.n as usize;
        let last = self.next_holding(0, true);
        self.order[n - 1] = last as u8;
        self.out = self.n;
        for (place, &seat) in self.order[..n].iter().enumerate() {
            let role = Role::of_place(place, n);
            self.roles[seat as usize] = role;
            self.points[seat as usize] += role.points();
            if self.hand_no == 1 {
                self.first_roles[seat as usize] = role;
            }
        }
        self.hands[last] = Cards::EMPTY;
        self.knowledge = [Knowledge::NONE; MAX_SEATS];
        self.pile = Pile::default();
        self.passed = 0;
        if self.points[..n].iter().any(|&x| x <= 0) {
            self.phase = Phase::Over;
            return;
        }
        self.hand_no += 1;
        self.dealer = last as u8;
        self.deal(rng);
        self.phase = Phase::Exchange;
        self.turn = self.seat_of(Role::President).expect("a President") as u8;
    }

    /// The President or the Prime Minister sets aside one card of `rank` to give back (rule 11);
    /// after the last choice the cards change hands ([`exchange`](Self::exchange)).
    fn give(&mut self, rank: Rank) {
        let p = self.turn as usize;
        let (slot, total) = gift_slot(self.roles[p]);
        self.hands[p] = self.hands[p].minus(rank, 1);
        self.gifts[slot] = self.gifts[slot].plus(rank, 1);
        if self.gifts[slot].len() < total {
            return;
        }
        match self.roles[p] {
            Role::President => self.turn = self.seat_of(Role::PrimeMinister).expect("a Prime Minister") as u8,
            _ => self.exchange(),
        }
    }

    /// Both gifts are chosen: the Beggar's 2 and the Peasant's 1 strongest cards go up, the
    /// chosen cards go down, all at once (so every giver chose from the hand it had before
    /// receiving, rule 11); then the Beggar leads (rule 12).
    fn exchange(&mut self) {
        let roles = self.roles;
        let seat = move |r| roles.iter().position(|&x| x == r).expect("every role at 4+ players");
        let pairs = [(Role::President, Role::Beggar, 2), (Role::PrimeMinister, Role::Peasant, 1)];
        for (slot, (high, low, count)) in pairs.into_iter().enumerate() {
            let (h, l) = (seat(high), seat(low));
            let mut strongest = Cards::EMPTY;
            for _ in 0..count {
                let r = self.hands[l].strongest().expect("cards to give");
                self.hands[l] = self.hands[l].minus(r, 1);
                strongest = strongest.plus(r, 1);
            }
            let weakest_given = strongest.ranks().next().expect("gave cards");
            self.hands[h] = self.hands[h].union(strongest);
            self.hands[l] = self.hands[l].union(self.gifts[slot]);
            self.knowledge[h] = Knowledge { partner: l as u8, known: self.gifts[slot], cap: weakest_given };
            self.knowledge[l] = Knowledge { partner: h as u8, known: strongest, cap: JOKER };
        }
        self.gifts = [Cards::EMPTY; 2];
        self.phase = Phase::Play;
        self.turn = seat(Role::Beggar) as u8;
    }
}
