//! The cost function (spec R8–R11): unit prices, the cheapest trading cost with choice producers
//! and the Masonry/Architecture discount, and the cost of a card or wonder for a seat.

use super::data::{ARCHITECTURE, CARDS, Colour, MASONRY, Resources, WONDERS};
use super::state::SwdState;

/// What constructing a card costs a seat (R10).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CardCost {
    /// The seat owns the chain source: free (and Urbanism pays 4).
    Chain,
    /// Printed coins plus the trading cost `trade` (the part Economy transfers, R12).
    Pay {
        /// Printed coins.
        coins: u16,
        /// Trading cost T.
        trade: u16,
    },
}

impl CardCost {
    /// Coins the seat pays.
    pub fn total(self) -> u16 {
        match self {
            CardCost::Chain => 0,
            CardCost::Pay { coins, trade } => coins + trade,
        }
    }
}

impl SwdState {
    /// Unit price of each resource for `seat` (R9): 1 if fixed by one of its cards, else 2 + the
    /// units its opponent's brown and grey cards produce.
    #[inline]
    pub fn prices(&self, seat: usize) -> Resources {
        let opp = &self.prod[1 - seat];
        let fixed = self.fixed[seat];
        std::array::from_fn(|r| if fixed & 1 << r != 0 { 1 } else { 2 + opp[r] })
    }

    /// Trading cost T for `seat` to obtain `need` (R10 steps 1–3, R11); see [`Payer::trade`].
    pub fn trading_cost(&self, seat: usize, need: &Resources, discount: u8) -> u16 {
        self.payer(seat).trade(need, discount)
    }

    /// What `seat`'s payments depend on, read once for several costs.
    #[inline]
    pub(super) fn payer(&self, seat: usize) -> Payer {
        Payer {
            prod: self.prod[seat],
            price: self.prices(seat),
            brown: self.choice_brown[seat],
            grey: self.choice_grey[seat],
            masonry: self.holds(seat, MASONRY),
            architecture: self.holds(seat, ARCHITECTURE),
        }
    }

    /// The cost of card `c` for `seat` (R10): free by chain, else printed coins plus T (Masonry
    /// discounts blue cards by 2 units).
    pub fn card_cost(&self, seat: usize, c: u8) -> CardCost {
        self.card_cost_for(&self.payer(seat), seat, c)
    }

    /// [`Self::card_cost`] with `seat`'s [`Payer`] already read.
    #[inline]
    pub(super) fn card_cost_for(&self, payer: &Payer, seat: usize, c: u8) -> CardCost {
        let card = &CARDS[c as usize];
        if let Some(src) = card.chain_from
            && self.city[seat] & 1 << src != 0
        {
            return CardCost::Chain;
        }
        let discount = if card.colour == Colour::Blue && payer.masonry { 2 } else { 0 };
        CardCost::Pay { coins: u16::from(card.coins), trade: payer.trade(&card.cost, discount) }
    }

    /// The cost of wonder `w` for `seat` (R11): T with Architecture's 2-unit discount.
    pub fn wonder_cost(&self, seat: usize, w: u8) -> u16 {
        self.payer(seat).wonder(w)
    }

    /// Whether `seat` holds progress token `t`.
    #[inline]
    pub fn holds(&self, seat: usize, t: u8) -> bool {
        self.held[seat] & 1 << t != 0
    }
}

/// A seat's production, unit prices (R9), choice producers (R8) and discount tokens: all a
/// payment of that seat depends on.
#[derive(Clone, Copy, Debug)]
pub(super) struct Payer {
    prod: Resources,
    price: Resources,
    brown: u8,
    grey: u8,
    masonry: bool,
    architecture: bool,
}

impl Payer {
    /// Trading cost T to obtain `need` (R10 steps 1–3): missing units after the seat's
    /// production, minus its choice producers (each the highest-priced missing unit of its kind)
    /// and `discount` units of any resource (the highest-priced left), at the seat's unit prices.
    /// The greedy order is the spec's; it equals the exhaustive minimum.
    #[inline]
    pub(super) fn trade(&self, need: &Resources, discount: u8) -> u16 {
        let mut miss = [0u8; 5];
        let mut any = 0;
        for r in 0..5 {
            miss[r] = need[r].saturating_sub(self.prod[r]);
            any |= miss[r];
        }
        if any == 0 {
            return 0;
        }
        cover_highest(&mut miss, &self.price, 0..3, self.brown);
        cover_highest(&mut miss, &self.price, 3..5, self.grey);
        cover_highest(&mut miss, &self.price, 0..5, discount);
        (0..5).map(|r| u16::from(miss[r]) * u16::from(self.price[r])).sum()
    }

    /// The cost of wonder `w` (R11): T with Architecture's 2-unit discount.
    #[inline]
    pub(super) fn wonder(&self, w: u8) -> u16 {
        self.trade(&WONDERS[w as usize].cost, if self.architecture { 2 } else { 0 })
    }
}

/// Removes `times` missing units of the resources in `range`, each time one of the highest price
/// (R10 step 3's greedy; which of equal prices is taken does not change the total).
#[inline]
fn cover_highest(miss: &mut Resources, price: &Resources, range: std::ops::Range<usize>, times: u8) {
    for _ in 0..times {
        let mut best = usize::MAX;
        let mut best_price = 0;
        for r in range.clone() {
            if miss[r] > 0 && price[r] > best_price {
                best = r;
                best_price = price[r];
            }
        }
        if best == usize::MAX {
            return;
        }
        miss[best] -= 1;
    }
}
