//! Setup (C1): roles, characters (random or chosen, C1.4), life, the deal and the first turn.

use super::cards::{self, NUM_CARDS};
use super::characters::{ALL_CHARACTERS, Character};
use super::roles::{Role, roles_for};
use super::state::{BangState, Config, Frame};
use crate::game::GameRng;
use crate::games::mechanics::shuffle::shuffle;

impl BangState {
    /// A new game of `players` seats (2..=7): roles dealt at random (C1.3, so the Sheriff's seat
    /// is random, C1.7), characters dealt (or offered two each with `character_choice`), the deck
    /// shuffled, then — once characters are known — life set and hands dealt (C1.5, C1.6).
    ///
    /// # Panics
    /// If `players` is outside `2..=7`.
    pub fn new(config: &Config, players: usize, rng: &mut GameRng) -> Self {
        assert!((2..=7).contains(&players), "BANG! needs 2..=7 players");
        let mut s = BangState::blank(players);
        let mut roles = [Role::Outlaw; 7];
        roles[..players].copy_from_slice(roles_for(players));
        shuffle(&mut roles[..players], rng);
        s.roles = roles;
        let mut chars = ALL_CHARACTERS;
        shuffle(&mut chars, rng);
        for p in 0..players {
            s.chars[p] = chars[2 * p];
            s.options[p] = [chars[2 * p], chars[2 * p + 1]];
        }
        for (i, slot) in s.deck.iter_mut().enumerate() {
            *slot = i as u8;
        }
        s.deck_len = NUM_CARDS as u8;
        shuffle(&mut s.deck, rng);
        s.alive = ((1u16 << players) - 1) as u8;
        let sheriff = s.sheriff();
        s.revealed = 1 << sheriff;
        s.active = sheriff;
        if config.character_choice {
            s.push(Frame::PickCharacter { seat: sheriff });
        } else {
            s.options = [[Character::BartCassidy; 2]; 7];
            s.deal(rng);
        }
        s
    }

    /// `seat` picks character `c` (C1.4 variant); the next seat clockwise picks next, and after
    /// the last pick the hands are dealt.
    pub(crate) fn choose_character(&mut self, seat: u8, c: Character, rng: &mut GameRng) {
        self.chars[seat as usize] = c;
        self.pop();
        let next = self.next_alive(seat);
        if next == self.sheriff() {
            self.deal(rng);
        } else {
            self.push(Frame::PickCharacter { seat: next });
        }
    }

    /// Life (C1.5), the deal (C1.6), and the Sheriff's first turn (C1.7).
    fn deal(&mut self, rng: &mut GameRng) {
        self.index_characters();
        for p in 0..self.n as usize {
            let max = self.chars[p].bullets() + i8::from(self.roles[p] == Role::Sheriff);
            self.max_life[p] = max;
            self.life[p] = max;
            for _ in 0..max {
                let c = self.draw_card(rng).expect("80 cards suffice for the deal");
                self.hand[p] |= cards::bit(c);
            }
        }
        self.active = self.sheriff();
        self.push(Frame::TurnStart { stage: 0 });
        self.advance(rng);
    }
}
