//! Text comparisons usable in a `const fn`, for the compile-time checks of declarations (option
//! defaults among their values, label names unique and not clashing with output columns, card
//! names in data tables). `str`'s `==` is not `const`, hence these.

/// Whether `a` and `b` are the same text.
pub const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Whether `names` holds `name`.
pub const fn holds(names: &[&str], name: &str) -> bool {
    let mut i = 0;
    while i < names.len() {
        if same(names[i], name) {
            return true;
        }
        i += 1;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_and_holds_compare_whole_texts() {
        assert!(same("ab", "ab") && !same("ab", "abc") && !same("ab", "ac") && same("", ""));
        assert!(holds(&["a", "bc"], "bc") && !holds(&["a", "bc"], "b") && !holds(&[], "a"));
    }
}
