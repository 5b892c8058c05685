//! The decider's moves. Every action names physical cards (ids `0..80`) and seats, so it means
//! the same thing in every determinization. 4 bytes, `Copy`.

use std::fmt;

use super::cards::CardName;
use super::characters::Character;
use super::state::FROM_HAND;

/// A move of the decider (see [`super::BangState::to_move`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Action {
    /// Setup (`character_choice`): take this character.
    ChooseCharacter(Character),
    /// Phase 2 (C2.3): play `card`. `target` is a seat (BANG!, Duel, Jail, Panic!, Cat Balou)
    /// or `NONE`; `pick` is, for Panic!/Cat Balou, a card in play of the target or
    /// [`FROM_HAND`] for a random card of his hand (C8.9), else `NONE`.
    Play {
        /// The played card.
        card: u8,
        /// The target seat or `NONE`.
        target: u8,
        /// The targeted card in play, `FROM_HAND`, or `NONE`.
        pick: u8,
    },
    /// Phase 2: stop playing (then phase 3, C2.4).
    EndTurn,
    /// Phase 3: discard this hand card (C2.4).
    Discard(u8),
    /// Respond with a hand card: a Missed! to a shot, a BANG! to a Duel or Indians!, a Beer to
    /// a lethal hit (Calamity Janet's substitutions included).
    Respond(u8),
    /// "draw!" for the real Barrel in play (C8.1).
    DrawBarrel,
    /// "draw!" for Jourdonnais's built-in Barrel.
    DrawJourdonnais,
    /// Decline to respond: take the hit, lose the Duel, or die (Decision 9).
    Pass,
    /// Sid Ketchum discards this card toward his ability (two discards = +1 life).
    SidDiscard(u8),
    /// Jesse Jones / Pedro Ramirez: draw normally from the deck.
    DrawDeck,
    /// Jesse Jones: take the first card at random from this seat's hand.
    DrawFromHand(u8),
    /// Pedro Ramirez: take the first card from the top of the discard pile.
    DrawDiscard,
    /// Kit Carlson: put this card back on top of the deck, keep the other two.
    PutBack(u8),
    /// Lucky Duke: this flipped card is the "draw!" result.
    LuckyChoose(u8),
    /// General Store: take this card from the display.
    Take(u8),
    /// Decision 10: this card of the eliminated player goes on top of the discard pile.
    TopDiscard(u8),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::ChooseCharacter(c) => write!(f, "choose {}", c.text()),
            Action::Play { card, target, pick } => {
                write!(f, "play {}", CardName(card))?;
                if target != super::cards::NONE {
                    write!(f, " @{target}")?;
                }
                if pick == FROM_HAND && target != super::cards::NONE {
                    let k = super::cards::kind(card);
                    if matches!(k, super::cards::Kind::Panic | super::cards::Kind::CatBalou) {
                        write!(f, " hand")?;
                    }
                } else if pick != super::cards::NONE {
                    write!(f, " {}", CardName(pick))?;
                }
                Ok(())
            }
            Action::EndTurn => write!(f, "end-turn"),
            Action::Discard(c) => write!(f, "discard {}", CardName(c)),
            Action::Respond(c) => write!(f, "respond {}", CardName(c)),
            Action::DrawBarrel => write!(f, "draw!-barrel"),
            Action::DrawJourdonnais => write!(f, "draw!-jourdonnais"),
            Action::Pass => write!(f, "pass"),
            Action::SidDiscard(c) => write!(f, "sid-discard {}", CardName(c)),
            Action::DrawDeck => write!(f, "draw-deck"),
            Action::DrawFromHand(s) => write!(f, "draw-from @{s}"),
            Action::DrawDiscard => write!(f, "draw-discard"),
            Action::PutBack(c) => write!(f, "put-back {}", CardName(c)),
            Action::LuckyChoose(c) => write!(f, "lucky {}", CardName(c)),
            Action::Take(c) => write!(f, "take {}", CardName(c)),
            Action::TopDiscard(c) => write!(f, "top-discard {}", CardName(c)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn action_is_small_and_displays() {
        assert!(std::mem::size_of::<Action>() <= 4);
        let a = Action::Play { card: 0, target: 2, pick: super::super::cards::NONE };
        assert_eq!(a.to_string(), "play BANG!A♠#0 @2");
        let p = Action::Play { card: 43, target: 1, pick: FROM_HAND };
        assert_eq!(p.to_string(), "play Panic!J♥#43 @1 hand");
    }
}
