//! `meeple merge`: combine the outputs of the shards `1/n … n/n` of one spec into exactly the
//! files a single run of that spec writes (byte for byte).

use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};

use super::output::{files, prepare_output, read_counts, unfinished, write_results};
use super::record::RunRecord;
use super::spec::Spec;
use crate::stats::Counts;

/// Merges the shard directories `dirs` (in any order) into `out`.
///
/// # Errors
/// A directory that is not a shard output, shards of different specs, a missing or repeated
/// shard, or an I/O error; the message names the directory.
pub fn merge(dirs: &[PathBuf], out: &Path) -> Result<Counts, String> {
    let mut shards = Vec::new();
    for dir in dirs {
        if let Some(message) = unfinished(dir) {
            return Err(message);
        }
        let spec = Spec::from_file(&dir.join(files::SPEC))?;
        let shard = spec
            .shard
            .ok_or_else(|| format!("{} is not a shard output (its spec.toml has no shard)", dir.display()))?;
        shards.push((shard, spec, dir.clone()));
    }
    shards.sort_by_key(|(s, _, _)| s.k);
    let Some((first, spec, _)) = shards.first().cloned() else {
        return Err("give the shard directories to merge".into());
    };
    let whole = Spec { shard: None, ..spec };
    for (i, (shard, s, dir)) in shards.iter().enumerate() {
        if (Spec { shard: None, ..s.clone() }) != whole {
            return Err(format!("{} was run from a different spec than {}", dir.display(), shards[0].2.display()));
        }
        if shard.n != first.n || shard.k != i as u64 + 1 {
            return Err(format!(
                "shards must be exactly 1/{n} … {n}/{n}, each once; got {}",
                list(&shards),
                n = first.n
            ));
        }
    }
    if shards.len() as u64 != first.n {
        return Err(format!("shards must be exactly 1/{n} … {n}/{n}; got {}", list(&shards), n = first.n));
    }
    let same = |a: &Path, b: &Path| a == b || matches!((a.canonicalize(), b.canonicalize()), (Ok(x), Ok(y)) if x == y);
    if let Some((_, _, d)) = shards.iter().find(|(_, _, d)| same(d, out)) {
        return Err(format!("--out {} is one of the shard directories: merge into a new directory", d.display()));
    }
    let mut counts = Counts::default();
    for (_, _, dir) in &shards {
        counts.merge(&read_counts(dir)?);
    }
    prepare_output(out)?;
    if whole.per_game {
        let dirs: Vec<&Path> = shards.iter().map(|(_, _, d)| d.as_path()).collect();
        merge_games(&whole, &dirs, out)?;
    }
    write_results(out, &whole, &counts)?;
    if let Some(record) = merged_record(&shards)? {
        record.save(out)?;
    }
    Ok(counts)
}

/// The run record of the merged run: the first shard's, starting when the first shard started and
/// lasting the shards' wall times added up; `None` when a shard has no record.
///
/// # Errors
/// Shards that ran the same bot names with different parameters (an edited profile), named.
fn merged_record(shards: &[(super::spec::Shard, Spec, PathBuf)]) -> Result<Option<RunRecord>, String> {
    let mut records = Vec::new();
    for (_, _, dir) in shards {
        match RunRecord::load(dir)? {
            Some(r) => records.push((r, dir)),
            None => return Ok(None),
        }
    }
    let Some((first, first_dir)) = records.first().cloned() else { return Ok(None) };
    if let Some((r, dir)) = records.iter().find(|(r, _)| r.bots != first.bots) {
        return Err(format!(
            "{} and {} ran the same bots with different parameters ({:?} against {:?}): a profile changed between \
             shards; rerun the shards with one set of profiles",
            first_dir.display(),
            dir.display(),
            first.bots,
            r.bots
        ));
    }
    let started = records.iter().map(|(r, _)| r.started.clone()).min().unwrap_or_default();
    let wall_seconds = records.iter().map(|(r, _)| r.wall_seconds).sum();
    Ok(Some(RunRecord { started, wall_seconds, ..first }))
}

fn list(shards: &[(super::spec::Shard, Spec, PathBuf)]) -> String {
    shards.iter().map(|(s, _, _)| s.to_string()).collect::<Vec<_>>().join(", ")
}

/// Interleaves the shards' `games.csv`: for each player count in spec order, every shard's rows
/// of that count in shard order. Streams; memory does not grow with the number of games.
fn merge_games(spec: &Spec, dirs: &[&Path], out: &Path) -> Result<(), String> {
    let open = |d: &Path| {
        let path = d.join(files::GAMES);
        csv::Reader::from_path(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))
    };
    let mut readers = dirs.iter().map(|d| open(d)).collect::<Result<Vec<_>, _>>()?;
    let header = readers[0].headers().map_err(|e| e.to_string())?.clone();
    let out_path = out.join(files::GAMES);
    let write_err = |e: csv::Error| format!("writing {}: {e}", out_path.display());
    let mut w = csv::Writer::from_writer(BufWriter::new(
        File::create(&out_path).map_err(|e| format!("writing {}: {e}", out_path.display()))?,
    ));
    w.write_record(&header).map_err(write_err)?;
    let mut rows: Vec<_> = readers.iter_mut().map(|r| r.records().peekable()).collect();
    let counts = spec.players.as_ref().map(|p| p.to_vec());
    let series: Vec<Option<String>> = match counts {
        Some(c) => c.iter().map(|p| Some(p.to_string())).collect(),
        None => vec![None],
    };
    for players in &series {
        for (dir, shard_rows) in dirs.iter().zip(rows.iter_mut()) {
            while let Some(row) =
                shard_rows.next_if(|r| r.as_ref().map_or(true, |r| players.as_deref().is_none_or(|p| &r[0] == p)))
            {
                let row = row.map_err(|e| format!("{}: {e}", dir.join(files::GAMES).display()))?;
                w.write_record(&row).map_err(write_err)?;
            }
        }
    }
    w.flush().map_err(|e| format!("writing {}: {e}", out_path.display()))
}
