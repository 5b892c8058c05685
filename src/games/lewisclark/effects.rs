//! The card and location effects as sequences of steps ([`Op`]) of one repetition (spec tables
//! "Starting cards", "Encounter cards", "Village"), and what each alternative of a `Choose` does.

use super::data::{self, C, CAPTAIN, E, F, FD, H, INTERPRETER, Loc, PRIMARY, W};
use super::state::{Choice, Count, LewisClark, Op};

const fn k(kind: usize) -> u8 {
    kind as u8
}

const fn m(kind: usize) -> u8 {
    1 << kind
}

impl LewisClark {
    /// Pushes one step on the op stack (it runs next).
    pub(crate) fn push(&mut self, op: Op) {
        debug_assert!((self.depth as usize) < self.stack.len(), "op stack overflow");
        self.stack[self.depth as usize] = op;
        self.depth += 1;
    }

    /// Pushes steps to run in the order given.
    pub(crate) fn push_seq(&mut self, ops: &[Op]) {
        for &op in ops.iter().rev() {
            self.push(op);
        }
    }

    /// Pushes one repetition of `card`'s effect for the acting seat; `cap` bounds an
    /// Interpreter's take (R23: the strength under `interpreter_take = strength`, else 255).
    pub(crate) fn push_card_effect(&mut self, card: u8, cap: u8) {
        use Op::*;
        let Some(n) = data::number(card) else {
            match data::role(card).unwrap_or(0) {
                CAPTAIN => self.push(Choose(Choice::Captain)),
                INTERPRETER => self.push_seq(&[Gather, TakeIndians(cap), Newcomer]),
                2 => self.push(Collect(m(W))),
                3 => self.push(Collect(m(FD))),
                4 => self.push(Collect(m(E))),
                _ => self.push(Collect(m(F))),
            }
            return;
        };
        let a = self.me().active.count_ones() as u8;
        let river = |n: u8| Move(false, Count::Fixed(n));
        let mountain = |n: u8| Move(true, Count::Fixed(n));
        match n {
            1 => self.push_seq(&[Take { n: a.min(4), min: 0, mask: PRIMARY, strict: true, optional: false }, Overflow]),
            2 => self.push_seq(&[GainKind(PRIMARY, a), Overflow]),
            3 => self.push_seq(&[Pay(k(FD), 1), Gain(k(C), 1), Overflow]),
            4 => self.push_seq(&[Pay(k(W), 1), Gain(k(C), 1), Overflow]),
            5 => self.push_seq(&[Pay(k(F), 3), Gain(k(H), 1), Overflow]),
            6 => self.push_seq(&[Powwow(2), Gain(k(H), 1), Overflow]),
            7 => self.push_seq(&[Pay(k(W), 2), river(2)]),
            8 => self.push_seq(&[Pay(k(E), 2), river(3)]),
            9 => self.push_seq(&[Pay(k(C), 1), river(5)]),
            10 => self.push_seq(&[Pay(k(C), 1), Pay(k(FD), 1), river(6)]),
            11 => self.push_seq(&[Pay(k(FD), 1), Choose(Choice::Newman)]),
            12 => self.push_seq(&[Pay(k(H), 1), Pay(k(F), 1), mountain(3)]),
            13 => self.push_seq(&[Pay(k(W), 2), mountain(1)]),
            14 => self.push_seq(&[Pay(k(H), 1), TakeCard]),
            15 => self.push(Location(true)),
            19 => self.push(Collect(m(F) | m(W))),
            20 => self.push(Collect(m(E) | m(W))),
            21 => self.push(Collect(m(F) | m(FD))),
            22 => self.push(Collect(m(E) | m(FD))),
            23 => self.push_seq(&[
                PayAny(1, 0),
                Take { n: 2, min: 0, mask: PRIMARY, strict: false, optional: false },
                Overflow,
            ]),
            24 => self.push_seq(&[Pay(k(W), 1), Pay(k(FD), 1), Gain(k(C), 2), Overflow]),
            25 => self.push_seq(&[Pay(k(E), 2), Gain(k(H), 1), Overflow]),
            26 => self.push_seq(&[Pay(k(FD), 1), river(3)]),
            27 => self.push_seq(&[Pay(k(W), 3), river(4)]),
            28 => self.push_seq(&[PayDiff(3, 0), river(5)]),
            29 => self.push_seq(&[Pay(k(FD), 1), Move(false, Count::BadgesFd)]),
            30 => self.push_seq(&[PayAny(1, 0), Move(false, Count::ScoutsAhead)]),
            31 => self.push_seq(&[PayAny(2, 0), Move(false, Count::BoatIndians)]),
            32 => self.push_seq(&[Pay(k(H), 1), Choose(Choice::Mackay)]),
            33 => self.push_seq(&[Pay(k(E), 2), Move(true, Count::BadgesE)]),
            34 => self.push_seq(&[Pay(k(F), 3), mountain(2)]),
            35 => self.push(Target),
            37 => self.push(Collect(m(E) | m(W) | m(FD))),
            38 => self.push(Collect(m(F) | m(W) | m(FD))),
            39 => self.push_seq(&[Take { n: 2, min: 0, mask: PRIMARY, strict: false, optional: false }, Overflow]),
            40 => self.push_seq(&[Pay(k(C), 1), Gain(k(C), 2), Overflow]),
            41 => self.push(Choose(Choice::Cameahwait)),
            42 => self.push_seq(&[Pay(k(E), 1), Gain(k(H), 1), Overflow]),
            43 => self.push_seq(&[Pay(k(E), 1), Pay(k(F), 1), Pay(k(W), 1), Pay(k(FD), 1), river(7)]),
            44 => self.push_seq(&[Powwow(1), Move(false, Count::HalfResources)]),
            45 => self.push_seq(&[PayAny(1, 0), Move(false, Count::Active)]),
            46 => self.push_seq(&[PayAny(2, 0), Move(false, Count::Village)]),
            47 => self.push_seq(&[Pay(k(C), 1), Pay(k(H), 1), Choose(Choice::OldToby)]),
            48 => self.push_seq(&[Pay(k(E), 1), Pay(k(F), 1), Pay(k(W), 1), Pay(k(FD), 1), mountain(4)]),
            49 => self.push_seq(&[Pay(k(F), 2), Pay(k(E), 2), mountain(3)]),
            50 => self.push_seq(&[Powwow(1), PayAny(1, 0), mountain(2)]),
            51 => self.push_seq(&[Powwow(1), Move(true, Count::ThirdResources)]),
            52 => self.push_seq(&[PayAny(2, 0), Move(true, Count::ScoutsAhead)]),
            53 => self.push(Location(false)),
            // Passive cards (16, 17, 18, 36, 54) have no repetition.
            _ => {}
        }
    }

    /// Pushes one repetition of a location's effect (village table; R20–R23).
    pub(crate) fn push_loc_effect(&mut self, loc: Loc) {
        use Op::*;
        match loc {
            Loc::Hunt => self.push_seq(&[Gain(k(FD), 1), Gain(k(F), 1), Overflow]),
            Loc::Craft => self.push_seq(&[Gain(k(E), 1), Gain(k(W), 1), Overflow]),
            Loc::Gift => self.push_seq(&[GainKind(m(F) | m(W), 2), Overflow]),
            Loc::Farewell => self.push_seq(&[Discard(3, 0), Refresh]),
            Loc::Shaman => self.push(Target),
            Loc::Upgrade => self.push_seq(&[Pay(k(W), 3), Choose(Choice::Tile)]),
            Loc::Canoe => self.push_seq(&[Pay(k(W), 2), Gain(k(C), 1), Overflow]),
            Loc::Horse => self.push_seq(&[PayDiff(3, 0), Gain(k(H), 1), Overflow]),
        }
    }

    /// How many alternatives a `Choose` has (the tile choice: 4, each legal only if its kind
    /// is in the supply).
    pub(crate) fn alternatives(choice: Choice) -> u8 {
        match choice {
            Choice::Captain => 3,
            Choice::Tile => 4,
            _ => 2,
        }
    }

    /// Pushes the steps of alternative `i` (1-based) of `choice`, or applies it at once (tiles).
    pub(crate) fn push_alternative(&mut self, choice: Choice, i: u8) {
        use Op::*;
        let mv = |mountain: bool, n: u8| Move(mountain, Count::Fixed(n));
        match (choice, i) {
            (Choice::Captain, 1) => self.push_seq(&[Pay(k(FD), 1), mv(false, 2)]),
            (Choice::Captain, 2) => self.push_seq(&[Pay(k(C), 1), mv(false, 4)]),
            (Choice::Captain, _) => self.push_seq(&[Pay(k(H), 1), mv(true, 2)]),
            (Choice::Newman, i) => self.push(mv(i == 2, 1)),
            (Choice::Mackay, i) => self.push(mv(i == 2, 3)),
            (Choice::OldToby, i) => self.push(mv(i == 2, 6)),
            (Choice::Cameahwait, 1) => self.push_seq(&[Pay(k(C), 1), Gain(k(H), 1), Overflow]),
            (Choice::Cameahwait, _) => self.push_seq(&[Pay(k(H), 1), Gain(k(C), 1), Overflow]),
            (Choice::Tile, i) => {
                let tile = (i - 1) as usize;
                let kind = tile / 2;
                self.tile_supply[kind] -= 1;
                self.me_mut().tiles[tile] += 1;
                if kind == 0 {
                    self.push_seq(&[Take { n: 2, min: 0, mask: PRIMARY, strict: false, optional: true }, Overflow]);
                } else if self.indian_supply > 0 {
                    self.indian_supply -= 1;
                    self.me_mut().indians += 1;
                    self.ctx.gained_indians += 1;
                }
            }
        }
    }

    /// Whether alternative `i` of `choice` can be started (tiles: one of its kind is left).
    pub(crate) fn alternative_available(&self, choice: Choice, i: u8) -> bool {
        choice != Choice::Tile || self.tile_supply[((i - 1) / 2) as usize] > 0
    }
}
