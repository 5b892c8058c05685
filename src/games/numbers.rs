//! Decimal names of small numbers as `&'static str`, for labels whose values are counts or
//! points (the statistics key their rows by `&'static str`; `game::SMALL_NUMBERS` stops at 15).

/// `"0123…255"`: the decimals 0 to 255 written one after the other.
const DIGITS: &str = concat!(
    "012345678910111213141516171819202122232425262728293031323334353637383940414243444546474849505152",
    "535455565758596061626364656667686970717273747576777879808182838485868788899091929394959697989910",
    "010110210310410510610710810911011111211311411511611711811912012112212312412512612712812913013113",
    "213313413513613713813914014114214314414514614714814915015115215315415515615715815916016116216316",
    "416516616716816917017117217317417517617717817918018118218318418518618718818919019119219319419519",
    "619719819920020120220320420520620720820921021121221321421521621721821922022122222322422522622722",
    "8229230231232233234235236237238239240241242243244245246247248249250251252253254255"
);

/// The decimal name of `n` (0–255), e.g. `decimal(43) == "43"`, sliced out of one static string.
pub fn decimal(n: u8) -> &'static str {
    let n = usize::from(n);
    let (start, width) = match n {
        0..=9 => (n, 1),
        10..=99 => (10 + 2 * (n - 10), 2),
        _ => (190 + 3 * (n - 100), 3),
    };
    &DIGITS[start..start + width]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_number_is_named_by_its_decimal() {
        for n in 0..=u8::MAX {
            assert_eq!(decimal(n), n.to_string());
        }
    }
}
