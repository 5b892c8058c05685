//! The options of spec "Options": `first_player` and `wonder_selection`, each one of two named
//! values.

crate::choice! {
    /// Who is the first player F (D1).
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
    pub enum FirstPlayer {
        /// Seat 0 is F.
        #[default]
        Seat0 = "seat0",
        /// F is drawn from the RNG at setup.
        Random = "random",
    }
}

crate::choice! {
    /// How the wonders are dealt: the draft of R1, or 4 random wonders each.
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
    pub enum WonderSelection {
        /// The draft of R1.
        #[default]
        Draft = "draft",
        /// Each seat receives 4 random wonders, no decisions (a testing aid).
        Random = "random",
    }
}

crate::game_options! {
    /// The game's options; `Default` is the seed's game.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub struct Config {
        /// Who is F.
        pub first_player: FirstPlayer = choice("seat0"),
            "who is the first player (picks first, starts Age I)";
        /// Draft or random wonders.
        pub wonder_selection: WonderSelection = choice("draft"),
            "the 4-4 wonder draft, or 4 random wonders each";
    }
}
