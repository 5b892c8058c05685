//! The invariants of a position reached from [`SwdState::new`]: every card, wonder and token in
//! exactly one place, the structure consistent with its layout, the derived counts equal to a
//! recount, counters in range. Checked after every action of many random games by the tests.

use super::data::{AGE_DECK, ALL_CARDS, CARDS, COLOURS, CardSet, Choice, GUILDS, NUM_TOKENS, NUM_WONDERS, WONDERS};
use super::state::{MAX_BUILT, NONE, Phase, SwdState};
use crate::game::Broken;
use crate::games::mechanics::cardset::iter;

impl SwdState {
    /// Checks the invariants; the error names the first one broken.
    ///
    /// # Errors
    /// A description of the broken invariant.
    pub fn check_invariants(&self) -> Result<(), Broken> {
        self.check_cards()?;
        self.check_structure()?;
        self.check_wonders_and_tokens()?;
        self.check_derived()?;
        self.check_phase()
    }

    /// Every card in exactly one place: structure (face up), unseen, aside, a city, under a
    /// wonder, the discard pile, or a deck not yet dealt.
    fn check_cards(&self) -> Result<(), Broken> {
        let in_structure = self.slot_card.iter().filter(|&&c| c != NONE).fold(0u128, |a, &c| a | 1 << c);
        let future: CardSet =
            (usize::from(self.age) + 1..=3).fold(0, |a, age| a | AGE_DECK[age]) | if self.age < 3 { GUILDS } else { 0 };
        let places =
            [in_structure, self.unseen, self.aside, self.city[0], self.city[1], self.tucked, self.discard, future];
        let mut seen = 0u128;
        for (i, p) in places.iter().enumerate() {
            if seen & p != 0 {
                return Err(format!("place {i} shares cards with an earlier place").into());
            }
            seen |= p;
        }
        if seen != ALL_CARDS {
            return Err(format!("cards nowhere: {:x}", ALL_CARDS & !seen).into());
        }
        Ok(())
    }

    fn check_structure(&self) -> Result<(), Broken> {
        if self.age == 0 {
            return if self.present == 0 { Ok(()) } else { Err("structure during the draft".into()) };
        }
        if self.face_up & !self.present != 0 || self.accessible_slots() & !self.face_up != 0 {
            return Err("an accessible card is face down, or an empty slot face up".into());
        }
        for s in 0..20 {
            let up = self.face_up & 1 << s != 0;
            if up != (self.slot_card[s] != NONE) {
                return Err(format!("slot {s}: card identity and face-up flag disagree").into());
            }
            if up && (self.guild_slots & 1 << s != 0) != (GUILDS & 1 << self.slot_card[s] != 0) {
                return Err(format!("slot {s}: guild back and card disagree").into());
            }
        }
        if self.phase == Phase::Over {
            return Ok(());
        }
        let down = self.present & !self.face_up;
        let down_guilds = (down & self.guild_slots).count_ones();
        let unseen_guilds = (self.unseen & GUILDS).count_ones();
        let aside_guilds = if self.age == 3 { 4 } else { 0 };
        if down_guilds + aside_guilds != unseen_guilds
            || (down.count_ones() - down_guilds) + 3 != (self.unseen & !GUILDS).count_ones()
        {
            return Err("unseen cards do not match the face-down slots plus the set-aside cards".into());
        }
        Ok(())
    }

    fn check_wonders_and_tokens(&self) -> Result<(), Broken> {
        let (o0, o1) = (self.owned(0), self.owned(1));
        if o0 & o1 != 0 || (o0 | o1) & (self.group | self.unrevealed) != 0 || self.group & self.unrevealed != 0 {
            return Err("a wonder in two places".into());
        }
        if (o0 | o1 | self.group | self.unrevealed).count_ones() != NUM_WONDERS as u32 {
            return Err("a wonder is missing".into());
        }
        if self.built[0] & !o0 != 0 || self.built[1] & !o1 != 0 || self.built_total() > MAX_BUILT {
            return Err("built wonders not owned, or more than 7".into());
        }
        if (self.built_total() == MAX_BUILT) != (self.wonder_lost != NONE) {
            return Err("the seventh wonder and the lost wonder disagree".into());
        }
        if self.tucked.count_ones() != self.built_total() {
            return Err("one tucked card per built wonder".into());
        }
        let sets = [self.board, self.held[0], self.held[1], self.boxed];
        if sets.iter().fold(0u16, |a, s| a | s).count_ones() != NUM_TOKENS as u32
            || sets.iter().map(|s| s.count_ones()).sum::<u32>() != NUM_TOKENS as u32
            || self.drawn & !self.boxed != 0
        {
            return Err("progress tokens not partitioned".into());
        }
        if !(-9..=9).contains(&self.pawn) {
            return Err(format!("pawn {}", self.pawn).into());
        }
        let gone = |bit: u8| self.loot & bit == 0;
        if (self.pawn >= 3 && !gone(4))
            || (self.pawn >= 6 && !gone(8))
            || (self.pawn <= -3 && !gone(1))
            || (self.pawn <= -6 && !gone(2))
        {
            return Err("a looting token survived the pawn entering its zone".into());
        }
        if self.coins.iter().any(|&c| c > 500) {
            return Err(format!("coins {:?}", self.coins).into());
        }
        Ok(())
    }

    /// The incrementally kept counts equal a recount of the cities and built wonders.
    fn check_derived(&self) -> Result<(), Broken> {
        for seat in 0..2 {
            let mut prod = [0u8; 5];
            let mut colours = [0u8; COLOURS];
            let mut symbols = [0u8; 7];
            let (mut brown, mut grey, mut fixed) = (0, 0, 0);
            let choice = |c: Choice, brown: &mut u8, grey: &mut u8| match c {
                Choice::Brown => *brown += 1,
                Choice::Grey => *grey += 1,
                Choice::None => {}
            };
            for c in iter(self.city[seat]) {
                let card = &CARDS[c as usize];
                (0..5).for_each(|r| prod[r] += card.produces[r]);
                colours[card.colour as usize] += 1;
                if let Some(s) = card.symbol {
                    symbols[s as usize] += 1;
                }
                fixed |= card.fixes;
                choice(card.choice, &mut brown, &mut grey);
            }
            for w in iter(self.built[seat]) {
                choice(WONDERS[w as usize].choice, &mut brown, &mut grey);
            }
            if (prod, colours, symbols, brown, grey, fixed)
                != (
                    self.prod[seat],
                    self.colours[seat],
                    self.symbols[seat],
                    self.choice_brown[seat],
                    self.choice_grey[seat],
                    self.fixed[seat],
                )
            {
                return Err(format!("seat {seat}: derived counts differ from a recount").into());
            }
        }
        Ok(())
    }

    /// A pending decision has an option; the game is over exactly when a winner is set.
    fn check_phase(&self) -> Result<(), Broken> {
        let seat = self.active as usize;
        let ok = match self.phase {
            Phase::Over => self.winner != NONE,
            Phase::Draft => self.group != 0 && self.age == 0,
            Phase::ChooseStarter | Phase::Turn => self.present != 0,
            Phase::TakeProgress => self.board != 0,
            Phase::Library => self.drawn.count_ones() == 3,
            Phase::Resurrect => self.discard != 0,
            Phase::Destroy { brown } => self.destroyable(seat, brown) != 0,
        };
        if !ok || (self.phase != Phase::Over && self.winner != NONE) {
            return Err(format!("phase {:?} inconsistent", self.phase).into());
        }
        Ok(())
    }
}
