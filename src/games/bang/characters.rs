//! The 16 characters of the base game with their printed life points (spec §B).

use serde::Serialize;

crate::label_values! {
    /// A character card, with its label text ([`Character::text`], e.g. `"bart_cassidy"`).
    /// Abilities are implemented where they apply (see the module docs of [`super`] for the list
    /// of rules each one touches).
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
    pub enum Character {
        /// Draws a card from the deck for each life point lost (FAQ Q17, Q24).
        BartCassidy = "bart_cassidy",
        /// Shows his second draw; on a red card draws one more.
        BlackJack = "black_jack",
        /// BANG! and Missed! cards are interchangeable for her.
        CalamityJanet = "calamity_janet",
        /// Draws a random card from the hand of the player whose card hurt him (FAQ Q21).
        ElGringo = "el_gringo",
        /// May draw his first card from another player's hand.
        JesseJones = "jesse_jones",
        /// Built-in Barrel.
        Jourdonnais = "jourdonnais",
        /// Looks at three cards, keeps two, puts one back on the deck.
        KitCarlson = "kit_carlson",
        /// Flips two cards for each "draw!" and chooses.
        LuckyDuke = "lucky_duke",
        /// Built-in Mustang.
        PaulRegret = "paul_regret",
        /// May draw his first card from the top of the discard pile.
        PedroRamirez = "pedro_ramirez",
        /// Built-in Scope.
        RoseDoolan = "rose_doolan",
        /// Discard two cards to regain one life, at any time (FAQ Q26).
        SidKetchum = "sid_ketchum",
        /// His BANG! cards need two Missed! (FAQ Q02, Q19).
        SlabTheKiller = "slab_the_killer",
        /// Draws a card as soon as her hand is empty (Decision 5).
        SuzyLafayette = "suzy_lafayette",
        /// Takes the cards of every eliminated player.
        VultureSam = "vulture_sam",
        /// Any number of BANG! per turn.
        WillyTheKid = "willy_the_kid",
    }
}

/// All 16 characters in a canonical order.
pub const ALL_CHARACTERS: [Character; 16] = [
    Character::BartCassidy,
    Character::BlackJack,
    Character::CalamityJanet,
    Character::ElGringo,
    Character::JesseJones,
    Character::Jourdonnais,
    Character::KitCarlson,
    Character::LuckyDuke,
    Character::PaulRegret,
    Character::PedroRamirez,
    Character::RoseDoolan,
    Character::SidKetchum,
    Character::SlabTheKiller,
    Character::SuzyLafayette,
    Character::VultureSam,
    Character::WillyTheKid,
];

impl Character {
    /// Printed bullets (§B): 3 for El Gringo and Paul Regret, 4 for everyone else.
    pub const fn bullets(self) -> i8 {
        match self {
            Character::ElGringo | Character::PaulRegret => 3,
            _ => 4,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sixteen_characters_two_with_three_bullets() {
        assert_eq!(ALL_CHARACTERS.len(), 16);
        let three: Vec<_> = ALL_CHARACTERS.iter().filter(|c| c.bullets() == 3).collect();
        assert_eq!(three, vec![&Character::ElGringo, &Character::PaulRegret]);
    }
}
