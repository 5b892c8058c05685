//! The `meeple` binary's commands: each takes its parsed arguments ([`args`]), calls the library,
//! and prints what it did. Errors are `anyhow` errors with context; `main` prints them.

pub mod args;
pub mod bench;
pub mod list;
pub mod replay;
pub mod report;
pub mod run;

/// A library result whose error is still a message (`Result<_, String>`: today only the spec's
/// `--seeds` and `--shard` parsers, `tournament::spec`) as an `anyhow` result.
pub trait Msg<T> {
    /// The result with the message as an `anyhow` error.
    fn msg(self) -> anyhow::Result<T>;
}

impl<T> Msg<T> for Result<T, String> {
    fn msg(self) -> anyhow::Result<T> {
        self.map_err(anyhow::Error::msg)
    }
}

/// The text `main` prints for `e`: its message, then each cause whose text the message does not
/// already hold (library errors quote their cause in their own message; a context added here
/// does not), joined by ": ".
pub fn error_text(e: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in e.chain() {
        let c = cause.to_string();
        if !text.contains(&c) {
            if !text.is_empty() {
                text.push_str(": ");
            }
            text.push_str(&c);
        }
    }
    text
}
