//! Roles, role lists per player count (C1.2, Decision 1) and the winning sides (C7).

use serde::Serialize;

crate::label_values! {
    /// A role card, with its label text ([`Role::text`], e.g. `"sheriff"`). `Unknown` appears
    /// only in observations, for roles the observer cannot see.
    #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
    pub enum Role {
        /// The Sheriff: public from the start, plays first.
        Sheriff = "sheriff",
        /// Wins with the Sheriff.
        Deputy = "deputy",
        /// Wins if the Sheriff dies (unless the Renegade is alone).
        Outlaw = "outlaw",
        /// Wins by being the last one alive.
        Renegade = "renegade",
        /// A hidden role in an observation (never in a real state).
        Unknown = "unknown",
    }
}

crate::label_values! {
    /// The side that wins a game (C7.5): exactly one per finished game. Its label text
    /// ([`Side::text`]): `"sheriff"`, `"outlaws"` or `"renegade"`.
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
    pub enum Side {
        /// The Sheriff and every Deputy, dead or alive.
        Sheriff = "sheriff",
        /// Every Outlaw, dead or alive.
        Outlaws = "outlaws",
        /// The Renegade alone.
        Renegade = "renegade",
    }
}

impl Side {
    /// Whether a player with `role` is on this side.
    pub const fn includes(self, role: Role) -> bool {
        matches!(
            (self, role),
            (Side::Sheriff, Role::Sheriff | Role::Deputy)
                | (Side::Outlaws, Role::Outlaw)
                | (Side::Renegade, Role::Renegade)
        )
    }
}

/// The first `n` of the official order (C1.2, C1.8): 4–7 players give the rulebook's table,
/// 2–3 give the BGA lists of Decision 1 (Sheriff + Outlaw, Sheriff + 2 Outlaws).
pub const ROLE_ORDER: [Role; 7] =
    [Role::Sheriff, Role::Outlaw, Role::Outlaw, Role::Renegade, Role::Deputy, Role::Outlaw, Role::Deputy];

/// The role list for `n` players (`2..=7`), before shuffling.
pub fn roles_for(n: usize) -> &'static [Role] {
    &ROLE_ORDER[..n]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(n: usize, r: Role) -> usize {
        roles_for(n).iter().filter(|&&x| x == r).count()
    }

    #[test]
    fn c1_2_role_table() {
        // (players, renegade, outlaws, deputies)
        for (n, ren, out, dep) in [(4, 1, 2, 0), (5, 1, 2, 1), (6, 1, 3, 1), (7, 1, 3, 2)] {
            assert_eq!(count(n, Role::Sheriff), 1);
            assert_eq!(count(n, Role::Renegade), ren, "{n}");
            assert_eq!(count(n, Role::Outlaw), out, "{n}");
            assert_eq!(count(n, Role::Deputy), dep, "{n}");
        }
        assert_eq!(roles_for(2), &[Role::Sheriff, Role::Outlaw]);
        assert_eq!(roles_for(3), &[Role::Sheriff, Role::Outlaw, Role::Outlaw]);
    }
}
