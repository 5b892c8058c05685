//! 7 Wonders Duel's action ids and observation tensor ([`Encoding`]); layout in
//! `docs/observations/sevenwondersduel.md`.

use super::config::Config;
use super::data::{COLOURS, NUM_CARDS, NUM_TOKENS, NUM_WONDERS};
use super::state::{Action, NONE, Phase, SwdState};
use super::structure::{SLOTS, accessible};
use crate::encoding::{Blocks, Cursor, Encoding};
use crate::game::Seat;

const CARDS: u32 = NUM_CARDS as u32;
const WONDERS: u32 = NUM_WONDERS as u32;
const TOKENS: u32 = NUM_TOKENS as u32;

/// Ids, block by block in the order of [`Action`]'s variants: wonder picks, starters, discards,
/// constructions, wonder builds (card-major: `card * 12 + wonder`), progress tokens, library
/// tokens, resurrections, destructions.
const IDS: Blocks<9> = Blocks([WONDERS, 2, CARDS, CARDS, CARDS * WONDERS, TOKENS, TOKENS, CARDS, CARDS]);

/// Elements per structure slot: present, face up, accessible, guild back, the card (one-hot).
const SLOT_LEN: usize = 4 + NUM_CARDS;
/// Elements per seat (see the layout doc).
const SEAT_LEN: usize = 3 * NUM_WONDERS + NUM_CARDS + NUM_TOKENS + 1 + 5 + 3 + 5 + COLOURS + 7;
/// Elements of the tensor.
pub const TENSOR_LEN: usize =
    9 + 4 + 4 + 3 * NUM_WONDERS + SLOTS * SLOT_LEN + 4 * NUM_CARDS + 3 * NUM_TOKENS + 1 + 19 + 4 + 2 * SEAT_LEN;

impl Encoding for SwdState {
    /// The observation dict of docs/observations/sevenwondersduel.md.
    const OBSERVATION_VERSION: u32 = 1;

    /// 1,202 ids.
    fn num_distinct_actions(_: &Config, _: usize) -> u32 {
        IDS.len()
    }

    fn action_id(&self, action: Action) -> u32 {
        let (block, index) = match action {
            Action::PickWonder(w) => (0, w.into()),
            Action::ChooseStarter(s) => (1, s.into()),
            Action::Discard(c) => (2, c.into()),
            Action::Construct(c) => (3, c.into()),
            Action::BuildWonder(c, w) => (4, u32::from(c) * WONDERS + u32::from(w)),
            Action::TakeProgress(t) => (5, t.into()),
            Action::TakeLibraryToken(t) => (6, t.into()),
            Action::Resurrect(c) => (7, c.into()),
            Action::Destroy(c) => (8, c.into()),
        };
        IDS.id(block, index)
    }

    fn action_from_id(&self, id: u32) -> Option<Action> {
        let (block, i) = IDS.split(id)?;
        let b = i as u8;
        Some(match block {
            0 => Action::PickWonder(b),
            1 => Action::ChooseStarter(b),
            2 => Action::Discard(b),
            3 => Action::Construct(b),
            4 => Action::BuildWonder((i / WONDERS) as u8, (i % WONDERS) as u8),
            5 => Action::TakeProgress(b),
            6 => Action::TakeLibraryToken(b),
            7 => Action::Resurrect(b),
            _ => Action::Destroy(b),
        })
    }

    /// A flat vector of [`TENSOR_LEN`] elements.
    fn observation_shape(_: &Config, _: usize) -> Option<Vec<usize>> {
        Some(vec![TENSOR_LEN])
    }

    /// The whole state (7 Wonders Duel stores no hidden value: face-down cards are drawn when
    /// revealed), seats relative to `seat` ("me" first, then the opponent).
    fn observation_tensor(&self, seat: Seat, out: &mut [f32]) {
        let me = seat;
        let opp = 1 - seat;
        let mut c = Cursor::new(out);
        let phase = match self.phase {
            Phase::Draft => 0,
            Phase::ChooseStarter => 1,
            Phase::Turn => 2,
            Phase::TakeProgress => 3,
            Phase::Library => 4,
            Phase::Resurrect => 5,
            Phase::Destroy { brown: true } => 6,
            Phase::Destroy { brown: false } => 7,
            Phase::Over => 8,
        };
        c.one_hot(9, Some(phase));
        c.one_hot(4, Some(self.age.into()));
        c.put(flag(self.phase != Phase::Over && usize::from(self.active) == me));
        c.put(flag(usize::from(self.first) == me));
        c.put(f32::from(self.draft_picks) / 6.0);
        c.put(flag(self.extra));
        c.bits(NUM_WONDERS, self.group.into());
        c.bits(NUM_WONDERS, self.unrevealed.into());
        c.one_hot(NUM_WONDERS, (self.wonder_lost != NONE).then_some(self.wonder_lost.into()));
        let open = if self.age >= 1 { accessible(self.age, self.present) } else { 0 };
        for slot in 0..SLOTS {
            let bit = |set: u32| flag(set >> slot & 1 == 1);
            c.put(bit(self.present));
            c.put(bit(self.face_up));
            c.put(bit(open));
            c.put(bit(self.guild_slots));
            let card = self.slot_card[slot];
            c.one_hot(NUM_CARDS, (card != NONE).then_some(card.into()));
        }
        c.bits(NUM_CARDS, self.unseen);
        c.bits(NUM_CARDS, self.aside);
        c.bits(NUM_CARDS, self.tucked);
        c.bits(NUM_CARDS, self.discard);
        c.bits(NUM_TOKENS, self.board.into());
        c.bits(NUM_TOKENS, self.boxed.into());
        c.bits(NUM_TOKENS, self.drawn.into());
        // The pawn counted toward the opponent's capital (R16): +9 is the opponent's capital.
        let pawn = if me == 0 { self.pawn } else { -self.pawn };
        c.put(f32::from(pawn) / 9.0);
        c.one_hot(19, Some((pawn + 9) as usize));
        // Looting tokens: bits 0-1 on seat 0's side, 2-3 on seat 1's; mine first.
        let loot = |s: usize| u128::from(self.loot >> (2 * s) & 0b11);
        c.bits(4, loot(me) | loot(opp) << 2);
        for s in [me, opp] {
            let owned = self.wonders[s].iter().filter(|&&w| w != NONE).fold(0u128, |a, &w| a | 1 << w);
            c.bits(NUM_WONDERS, owned);
            c.bits(NUM_WONDERS, self.built[s].into());
            c.bits(NUM_WONDERS, owned & !u128::from(self.built[s]));
            c.bits(NUM_CARDS, self.city[s]);
            c.bits(NUM_TOKENS, self.held[s].into());
            c.put(f32::from(self.coins[s]) / 20.0);
            for r in self.prod[s] {
                c.put(f32::from(r) / 5.0);
            }
            c.put(f32::from(self.choice_brown[s]));
            c.put(f32::from(self.choice_grey[s]));
            c.put(flag(usize::from(self.last_taker) == s));
            c.bits(5, self.fixed[s].into());
            for k in self.colours[s] {
                c.put(f32::from(k) / 10.0);
            }
            for k in self.symbols[s] {
                c.put(f32::from(k) / 2.0);
            }
        }
        c.finish();
    }
}

/// `true` as 1.0, `false` as 0.0.
fn flag(b: bool) -> f32 {
    f32::from(u8::from(b))
}
