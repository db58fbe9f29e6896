//! A version's id and a deploy's fingerprint: SHA-256 over a module graph
//! (each module's name and source, sorted by name, lengths first) and the
//! pool's code-affecting settings.

use sha2::{Digest, Sha256};

/// A SHA-256 digest.
pub type Hash = [u8; 32];

/// The short id of a hash: `v` and its first 8 hex digits.
pub fn short_id(hash: &Hash) -> String {
    let hex: String = hash[..4].iter().map(|b| format!("{b:02x}")).collect();
    format!("v{hex}")
}

/// The hash of a module graph (`(module name, source)`, any order) and the
/// pool's code-affecting settings.
pub fn graph_hash(modules: &[(String, Vec<u8>)], settings: &str) -> Hash {
    let mut sorted: Vec<&(String, Vec<u8>)> = modules.iter().collect();
    sorted.sort_by(|a, b| a.0.cmp(&b.0));
    let mut h = Sha256::new();
    for (name, source) in sorted {
        // Lengths first, so no two graphs feed the same bytes.
        h.update((name.len() as u64).to_le_bytes());
        h.update(name.as_bytes());
        h.update((source.len() as u64).to_le_bytes());
        h.update(source);
    }
    h.update(settings.as_bytes());
    h.finalize().into()
}

/// The source a worker compiles for the file at `path`, as it loads it: a
/// `.json` file is a module whose default export is its value.
fn module_source(path: &str, bytes: Vec<u8>) -> Vec<u8> {
    if !path.ends_with(".json") {
        return bytes;
    }
    let mut out = b"export default ".to_vec();
    out.extend_from_slice(&bytes);
    out.extend_from_slice(b"\n;");
    out
}

/// The fingerprint of what a deploy would load: the files of `names` as on
/// disk now (a missing file hashes as empty) and `settings`. Reads files.
pub fn fingerprint(names: &[String], settings: &str) -> Hash {
    let files: Vec<(String, Vec<u8>)> = names
        .iter()
        .map(|n| {
            let bytes = std::fs::read(n).unwrap_or_default();
            (n.clone(), module_source(n, bytes))
        })
        .collect();
    graph_hash(&files, settings)
}
