//! The `meeple` binary's commands: each takes its parsed arguments ([`args`]), calls the library,
//! and prints what it did. Errors are `anyhow` errors with context; `main` prints them.

use meeple::registry::GameError;
use meeple::tournament::RunError;

pub mod args;
pub mod bench;
pub mod compare;
pub mod list;
pub mod replay;
pub mod report;
pub mod run;
pub mod sweep;

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

/// If `e` is a command stopped by a signal ([`RunError::Interrupted`], or
/// [`meeple::interrupt::Interrupted`]: a bot that was starting, a merge, a puzzle study): the
/// signal's number and the message to print (`interrupted at 84 of 300 games; run the same
/// command to resume`).
pub fn interrupted(e: &anyhow::Error) -> Option<(i32, String)> {
    if let Some(i) = e.chain().find_map(|c| c.downcast_ref::<meeple::interrupt::Interrupted>()) {
        return Some((i.signal, i.to_string()));
    }
    let run = e.chain().find_map(|c| match c.downcast_ref::<GameError>() {
        Some(GameError::Run(r)) => Some(r),
        _ => c.downcast_ref::<RunError>(),
    })?;
    match run {
        RunError::Interrupted { signal, .. } => Some((*signal, run.to_string())),
        _ => None,
    }
}
