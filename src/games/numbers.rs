//! Decimal names of numbers as `&'static str`, for labels whose values are counts, efforts or
//! points (the statistics key their rows by `&'static str`; `game::SMALL_NUMBERS` stops at 15).

/// The lowest number [`number`] names (below every Laser Reflection round score: −⌊120 / (R·n)⌋ ≥ −60).
const LOW: i32 = -120;
/// The highest number [`number`] names (Laser Reflection's largest effort: `max_edits` ≤ 10000).
const HIGH: i32 = 10_000;
/// How many numbers [`number`] names.
const COUNT: usize = (HIGH - LOW + 1) as usize;

/// The characters of `n` written in decimal.
const fn width(n: i32) -> usize {
    let mut w = if n < 0 { 2 } else { 1 };
    let mut m = n.unsigned_abs();
    while m >= 10 {
        m /= 10;
        w += 1;
    }
    w
}

/// The length of [`LOW`]..=[`HIGH`] written one after the other.
const LEN: usize = {
    let (mut total, mut n) = (0, LOW);
    while n <= HIGH {
        total += width(n);
        n += 1;
    }
    total
};

/// [`LOW`]..=[`HIGH`] in decimal, one after the other, and where each one starts (the last
/// entry: the end of the text).
static TABLE: ([u8; LEN], [u32; COUNT + 1]) = {
    let (mut text, mut starts) = ([0u8; LEN], [0u32; COUNT + 1]);
    let (mut at, mut i) = (0, 0);
    while i < COUNT {
        let n = LOW + i as i32;
        starts[i] = at as u32;
        let w = width(n);
        let mut m = n.unsigned_abs();
        let mut k = w;
        while k > (n < 0) as usize {
            k -= 1;
            text[at + k] = b'0' + (m % 10) as u8;
            m /= 10;
        }
        if n < 0 {
            text[at] = b'-';
        }
        at += w;
        i += 1;
    }
    starts[COUNT] = at as u32;
    (text, starts)
};

/// [`TABLE`]'s text as a string (ASCII digits and minus signs).
static TEXT: &str = match std::str::from_utf8(&TABLE.0) {
    Ok(s) => s,
    Err(_) => panic!("decimals are ASCII"),
};

/// The decimal name of `n`, for `n` in −120..=10000 (e.g. every Laser Reflection effort and round
/// score), e.g. `number(-13) == "-13"`, sliced out of one static string built at compile time.
///
/// # Panics
/// Outside that range.
pub fn number(n: i32) -> &'static str {
    assert!((LOW..=HIGH).contains(&n), "{n} is outside the named numbers {LOW}..={HIGH}");
    let i = (n - LOW) as usize;
    &TEXT[TABLE.1[i] as usize..TABLE.1[i + 1] as usize]
}

/// The decimal name of `n` (0–255), e.g. `decimal(43) == "43"`.
pub fn decimal(n: u8) -> &'static str {
    number(n.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_number_is_named_by_its_decimal() {
        for n in 0..=u8::MAX {
            assert_eq!(decimal(n), n.to_string());
        }
        for n in LOW..=HIGH {
            assert_eq!(number(n), n.to_string());
        }
    }
}
