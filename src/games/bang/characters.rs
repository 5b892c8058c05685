//! The 16 characters of the base game with their printed life points (spec §B).

use serde::Serialize;

/// A character card. Abilities are implemented where they apply (see the module docs of
/// [`super`] for the list of rules each one touches).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
pub enum Character {
    /// Draws a card from the deck for each life point lost (FAQ Q17, Q24).
    BartCassidy,
    /// Shows his second draw; on a red card draws one more.
    BlackJack,
    /// BANG! and Missed! cards are interchangeable for her.
    CalamityJanet,
    /// Draws a random card from the hand of the player whose card hurt him (FAQ Q21).
    ElGringo,
    /// May draw his first card from another player's hand.
    JesseJones,
    /// Built-in Barrel.
    Jourdonnais,
    /// Looks at three cards, keeps two, puts one back on the deck.
    KitCarlson,
    /// Flips two cards for each "draw!" and chooses.
    LuckyDuke,
    /// Built-in Mustang.
    PaulRegret,
    /// May draw his first card from the top of the discard pile.
    PedroRamirez,
    /// Built-in Scope.
    RoseDoolan,
    /// Discard two cards to regain one life, at any time (FAQ Q26).
    SidKetchum,
    /// His BANG! cards need two Missed! (FAQ Q02, Q19).
    SlabTheKiller,
    /// Draws a card as soon as her hand is empty (Decision 5).
    SuzyLafayette,
    /// Takes the cards of every eliminated player.
    VultureSam,
    /// Any number of BANG! per turn.
    WillyTheKid,
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

    /// The snake_case label used in statistics, e.g. `"bart_cassidy"`.
    pub const fn label(self) -> &'static str {
        match self {
            Character::BartCassidy => "bart_cassidy",
            Character::BlackJack => "black_jack",
            Character::CalamityJanet => "calamity_janet",
            Character::ElGringo => "el_gringo",
            Character::JesseJones => "jesse_jones",
            Character::Jourdonnais => "jourdonnais",
            Character::KitCarlson => "kit_carlson",
            Character::LuckyDuke => "lucky_duke",
            Character::PaulRegret => "paul_regret",
            Character::PedroRamirez => "pedro_ramirez",
            Character::RoseDoolan => "rose_doolan",
            Character::SidKetchum => "sid_ketchum",
            Character::SlabTheKiller => "slab_the_killer",
            Character::SuzyLafayette => "suzy_lafayette",
            Character::VultureSam => "vulture_sam",
            Character::WillyTheKid => "willy_the_kid",
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
