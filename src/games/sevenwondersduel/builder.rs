//! Builders of test positions (the spec's worked checks start from such positions), compiled only
//! for tests (`cfg(test)` or the `testing` feature). Names are the spec's ids; an unknown id
//! panics with its name.

use super::data::{AGE_DECK, GUILDS, card_id, token_id, wonder_id};
use super::state::{NONE, Phase, SwdState};
use super::structure::SLOTS;

fn card(name: &str) -> u8 {
    card_id(name).unwrap_or_else(|| panic!("no card `{name}`"))
}
fn wonder(name: &str) -> u8 {
    wonder_id(name).unwrap_or_else(|| panic!("no wonder `{name}`"))
}
fn token(name: &str) -> u8 {
    token_id(name).unwrap_or_else(|| panic!("no progress token `{name}`"))
}
fn tokens(names: &[&str]) -> u16 {
    names.iter().fold(0, |a, n| a | 1 << token(n))
}

impl SwdState {
    /// A test position: `age` (1..=3) under way, seat 0 to play a turn, 7 coins each, no cards,
    /// no wonders, no tokens anywhere, pawn at 0 with its 4 looting tokens, empty structure.
    pub fn test_position(age: u8) -> Self {
        let mut s = Self::blank(0);
        s.age = age;
        s.draft_picks = 6;
        s
    }

    /// Test positions: the structure holds exactly the named cards, face up, in the given slots
    /// of the current age's layout (accessibility follows the layout); the rest of the age's deck
    /// (and guilds in Age III) not placed elsewhere counts as unseen.
    pub fn with_slots(mut self, cards: &[(usize, &str)]) -> Self {
        self.present = 0;
        self.slot_card = [NONE; SLOTS];
        for &(s, name) in cards {
            self.present |= 1 << s;
            self.slot_card[s] = card(name);
        }
        self.face_up = self.present;
        self.refresh_unseen();
        self
    }

    fn refresh_unseen(&mut self) {
        let deck = AGE_DECK[self.age as usize] | if self.age == 3 { GUILDS } else { 0 };
        let placed = self.slot_card.iter().filter(|&&c| c != NONE).fold(0u128, |a, &c| a | 1 << c);
        self.unseen = deck & !placed & !self.city[0] & !self.city[1] & !self.discard & !self.tucked;
    }

    /// Test positions: deals the current age's structure with `rng` as R2 does (the cities are
    /// not consulted: use it on positions whose cities hold no card of this age).
    pub fn with_deal(mut self, rng: &mut crate::game::GameRng) -> Self {
        self.deal(self.age, rng);
        self
    }

    /// Test positions: adds the named cards to `seat`'s city (with their production, symbols,
    /// colour counts), without resolving their effects.
    pub fn with_city(mut self, seat: usize, names: &[&str]) -> Self {
        for n in names {
            self.add_card(seat, card(n));
        }
        self.refresh_unseen();
        self
    }

    /// Test positions: the discard pile holds the named cards.
    pub fn with_discard(mut self, names: &[&str]) -> Self {
        self.discard = names.iter().fold(0, |a, n| a | 1u128 << card(n));
        self.refresh_unseen();
        self
    }

    /// Test positions: `seat` has `coins` coins.
    pub fn with_coins(mut self, seat: usize, coins: u16) -> Self {
        self.coins[seat] = coins;
        self
    }

    /// Test positions: `seat` holds the named progress tokens.
    pub fn with_tokens(mut self, seat: usize, names: &[&str]) -> Self {
        self.held[seat] = tokens(names);
        self
    }

    /// Test positions: the board holds the named progress tokens.
    pub fn with_board(mut self, names: &[&str]) -> Self {
        self.board = tokens(names);
        self
    }

    /// Test positions: the box holds the named progress tokens.
    pub fn with_box(mut self, names: &[&str]) -> Self {
        self.boxed = tokens(names);
        self
    }

    /// Test positions: `seat` owns the named wonders (in this order) and has built the first
    /// `built` of them.
    pub fn with_wonders(mut self, seat: usize, names: &[&str], built: usize) -> Self {
        self.wonders[seat] = [NONE; 4];
        self.built[seat] = 0;
        self.choice_brown[seat] = 0;
        self.choice_grey[seat] = 0;
        for (i, n) in names.iter().enumerate() {
            self.wonders[seat][i] = wonder(n);
        }
        // Choice producers of cards stay; recount them from the city.
        for c in crate::games::mechanics::cardset::iter(self.city[seat]) {
            match super::data::CARDS[c as usize].choice {
                super::data::Choice::Brown => self.choice_brown[seat] += 1,
                super::data::Choice::Grey => self.choice_grey[seat] += 1,
                super::data::Choice::None => {}
            }
        }
        for n in &names[..built] {
            self.add_wonder(seat, wonder(n));
        }
        self
    }

    /// Test positions: the pawn at `pawn` (−9..=9) and the looting tokens `loot` (bits as in the
    /// state: 0 seat 0's 2-coin, 1 seat 0's 5-coin, 2 seat 1's 2-coin, 3 seat 1's 5-coin).
    pub fn with_pawn(mut self, pawn: i8, loot: u8) -> Self {
        self.pawn = pawn;
        self.loot = loot;
        self
    }

    /// Test positions: `seat` is to play a turn.
    pub fn with_active(mut self, seat: usize) -> Self {
        self.active = seat as u8;
        self.phase = Phase::Turn;
        self
    }
}
