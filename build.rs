//! Records the git commit meeple is built from, for the run record (`run.toml`): sets
//! `MEEPLE_GIT_COMMIT` to `git describe --always --dirty --abbrev=40` (the commit, with `-dirty` when
//! the working tree has uncommitted changes). Built outside a git checkout (a release tarball) or
//! without git, it sets nothing and the record has no commit.

use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_string()).filter(|s| !s.is_empty())
}

fn main() {
    // Rerun when the checked-out commit moves or the sources change (for `-dirty`).
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=Cargo.toml");
    if let Some(dir) = git(&["rev-parse", "--git-dir"]) {
        println!("cargo:rerun-if-changed={dir}/HEAD");
        println!("cargo:rerun-if-changed={dir}/index");
        println!("cargo:rerun-if-changed={dir}/logs/HEAD");
    }
    if let Some(commit) = git(&["describe", "--always", "--dirty", "--abbrev=40"]) {
        println!("cargo:rustc-env=MEEPLE_GIT_COMMIT={commit}");
    }
}
