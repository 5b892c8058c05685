//! The invariant check run after every action of the long random-game test: every tile, card
//! and share marker in exactly one place, and every counter in range.

use super::data::{ALL_CARDS, NUM_COMPANIES};
use super::state::{COLUMN, EkonosState, MARKERS, NO_SEAT, Step, TILES, hand_size, income};
use crate::game::Broken;

impl EkonosState {
    /// Checks the invariants of spec R4–R13 and "Information":
    /// - tiles: company sets disjoint, at most 10 each (the rest in supply, R8), protected tiles
    ///   are tiles (R5);
    /// - cards: hands, played and unused partition the 36 cards; unused has 36 − n·H; the hand
    ///   sizes follow from the turn (R2);
    /// - shares: a column holds at most 8 (R9), a player at most 18 (R11); a company has a
    ///   president iff its column is not empty, and the president holds the most (R12d; not
    ///   checked for the company of a pending president choice);
    /// - growth markers 0..=5, except 4 while its Expand/Wait is asked and 6 during its
    ///   expansion; an expansion has 1..=3 actions left and a legal action;
    /// - an expansion started at space 4 has at most 2 actions left (R7);
    /// - coins within what income and sales can give (S3, R10), seats past n empty;
    /// - a president choice's tied set is exactly the seats holding the most, two or more (R12b);
    /// - rounds within R1, first player (r − 1) mod n (R13).
    ///
    /// # Errors
    /// The first broken invariant, described.
    pub fn check_invariants(&self) -> Result<(), Broken> {
        let n = self.n as usize;
        let mut seen = 0u64;
        for c in 0..NUM_COMPANIES {
            if seen & self.tiles[c] != 0 {
                return Err(format!("company {c} shares a region with another").into());
            }
            seen |= self.tiles[c];
            if self.tiles[c].count_ones() > TILES {
                return Err(format!("company {c} has more than {TILES} tiles").into());
            }
        }
        if self.protected & !seen != 0 {
            return Err("a protected region holds no tile".into());
        }
        let hands = self.hands[..n].iter().fold(0u64, |m, h| m | h);
        let total: u32 = self.hands[..n].iter().map(|h| h.count_ones()).sum::<u32>()
            + self.played.count_ones()
            + self.unused.count_ones();
        if hands | self.played | self.unused != ALL_CARDS || total != 36 || self.hands[n..].iter().any(|&h| h != 0) {
            return Err("hands, played and unused cards do not partition the deck".into());
        }
        let h = hand_size(n);
        if self.unused.count_ones() != 36 - n as u32 * h {
            return Err(format!("{} unused cards", self.unused.count_ones()).into());
        }
        if self.step != Step::Over {
            // The k-th seat from the first player has played ⌊t/n⌋ cards, plus one if k < t mod n,
            // where t cards were played this round; the active seat is the next to play (step
            // Play) or the one that played the last card.
            let turns = self.played.count_ones() as usize;
            for k in 0..n {
                let p = (self.first as usize + k) % n;
                let expected = h as usize - turns / n - usize::from(k < turns % n);
                if self.hands[p].count_ones() as usize != expected {
                    return Err(
                        format!("seat {p} holds {} cards, expected {expected}", self.hands[p].count_ones()).into()
                    );
                }
            }
            let position = (self.active as usize + n - self.first as usize) % n;
            let expected = if self.step == Step::Play { turns % n } else { (turns + n - 1) % n };
            if position != expected {
                return Err(format!("{turns} cards played but seat {} is active", self.active).into());
            }
        }
        for c in 0..NUM_COMPANIES {
            let column: u8 = self.shares[..n].iter().map(|s| s[c]).sum();
            if column > COLUMN {
                return Err(format!("company {c} column holds {column}").into());
            }
            if self.step == Step::Appoint && self.company as usize == c {
                continue;
            }
            let most = self.shares[..n].iter().map(|s| s[c]).max().unwrap_or(0);
            let pres = self.president[c];
            let ok =
                if column == 0 { pres == NO_SEAT } else { pres != NO_SEAT && self.shares[pres as usize][c] == most };
            if !ok {
                return Err(format!("company {c}: president {pres} with column {column}, most {most}").into());
            }
            let g = self.growth[c];
            let pending = self.company as usize == c;
            let ok = match self.step {
                Step::GrowthChoice if pending => g == 4,
                Step::Expansion if pending => g == 4 || g == 6,
                _ => g <= 5,
            };
            if !ok {
                return Err(format!("company {c}: growth marker {g} at step {:?}", self.step).into());
            }
        }
        for p in 0..n {
            if self.shares[p].iter().sum::<u8>() > MARKERS {
                return Err(format!("seat {p} holds more than {MARKERS} shares").into());
            }
        }
        if self.step == Step::Expansion && (!(1..=3).contains(&self.left) || !self.growth_possible()) {
            return Err(format!("expansion with {} actions left, or none legal", self.left).into());
        }
        // R7: an expansion started at space 4 has k = 2 actions, so at most 2 are left.
        if self.step == Step::Expansion && self.growth[self.company as usize] == 4 && self.left > 2 {
            return Err(format!("expansion at growth 4 with {} actions left", self.left).into());
        }
        self.check_coins()?;
        self.check_tied()?;
        if !(1..=self.rounds()).contains(&self.round) || self.first as usize != (self.round as usize - 1) % n {
            return Err(format!("round {} with first player {}", self.round, self.first).into());
        }
        Ok(())
    }

    /// Coins (S3, R10, R11, Decision 11): the only income is I coins a round and at most one sale
    /// a turn, which yields shares(c) ≤ 8 coins (R9, R10), and a seat takes one turn per card it
    /// plays; so after round r's income a seat that has played t cards in the game holds at most
    /// r·I + 8·t coins (never negative: a buy needs coins ≥ price). Money (R14) is these coins
    /// plus Σ_c shares × tiles, bounded by the share and tile checks. Seats past the player count
    /// hold no coins and no shares.
    fn check_coins(&self) -> Result<(), Broken> {
        let n = self.n as usize;
        let h = hand_size(n);
        for p in 0..n {
            let played = u32::from(self.round.saturating_sub(1)) * h + h - self.hands[p].count_ones();
            let most = u32::from(self.round) * u32::from(income(n)) + played * u32::from(COLUMN);
            if u32::from(self.coins[p]) > most {
                return Err(format!("seat {p} holds {} coins, more than {most} (R10, S3)", self.coins[p]).into());
            }
        }
        if self.coins[n..].iter().any(|&c| c != 0) || self.shares[n..].iter().any(|s| s.iter().any(|&x| x != 0)) {
            return Err("a seat past the player count holds coins or shares".into());
        }
        Ok(())
    }

    /// The president choice (R12b, Decision 8): at step `Appoint` the tied set is exactly the
    /// seats holding the largest number m ≥ 1 of the company's shares, two or more of them, and
    /// the seller (the active player) decides; at any other step no tied set is pending.
    fn check_tied(&self) -> Result<(), Broken> {
        let n = self.n as usize;
        if self.step != Step::Appoint {
            return if self.tied == 0 {
                Ok(())
            } else {
                Err(format!("tied set {:#b} outside a president choice", self.tied).into())
            };
        }
        let c = self.company as usize;
        let most = self.shares[..n].iter().map(|s| s[c]).max().unwrap_or(0);
        let holders = (0..n).filter(|&q| self.shares[q][c] == most).fold(0u8, |m, q| m | 1 << q);
        if most == 0 || self.tied != holders || self.tied.count_ones() < 2 || self.decider != self.active {
            return Err(format!(
                "president choice of company {c}: tied {:#b}, holders of the most ({most}) {holders:#b}, decider {}",
                self.tied, self.decider
            )
            .into());
        }
        Ok(())
    }
}
