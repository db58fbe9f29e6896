//! Whether bextd can start each pool's workers as their `user` and
//! `group`: only root can switch to another user. Checked at start and at
//! each reload (validation only resolves the names, since
//! `--check-config` may run as another user than bextd).

use super::{Config, ConfigError, Problem};

/// A pool whose workers must run as a user or group bextd cannot switch to.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "pool {pool} wants its workers to run as user {user:?} group {group:?}, but bextd runs as uid {uid} (not root) and cannot switch"
)]
pub struct CredentialsProblem {
    pub pool: String,
    /// The pool's `user` and `group` as written, `-` when unset.
    pub user: String,
    pub group: String,
    /// bextd's effective uid.
    pub uid: u32,
}

impl Config {
    /// The first pool whose workers must run as a user or group bextd,
    /// running as `uid`/`gid`, cannot switch to.
    pub fn credentials_problem(&self, uid: u32, gid: u32) -> Option<CredentialsProblem> {
        if uid == 0 {
            return None;
        }
        let p = self.pools.iter().find(|p| {
            let other_user = p.uid.is_some_and(|u| u != uid);
            let other_group = p.gid.is_some_and(|g| g != gid);
            other_user || other_group
        })?;
        Some(CredentialsProblem {
            pool: p.name.clone(),
            user: p.settings.user.as_deref().unwrap_or("-").to_owned(),
            group: p.settings.group.as_deref().unwrap_or("-").to_owned(),
            uid,
        })
    }

    /// [`Config::credentials_problem`] for this process.
    pub fn check_credentials(&self) -> Result<(), CredentialsProblem> {
        let uid = nix::unistd::geteuid().as_raw();
        let gid = nix::unistd::getegid().as_raw();
        self.credentials_problem(uid, gid).map_or(Ok(()), Err)
    }
}

impl ConfigError {
    /// An error about the whole file rather than one key.
    pub fn whole_file(file: &std::path::Path, message: String) -> ConfigError {
        ConfigError {
            file: file.to_path_buf(),
            problems: vec![Problem {
                line: None,
                key: String::new(),
                value: None,
                message,
            }],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse;

    #[test]
    fn only_root_may_run_workers_as_someone_else() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("w.js"), "").unwrap();
        let file = dir.path().join("bext.toml");
        let text = "[render]\nscript = \"w.js\"\nuser = \"0\"\n";
        let c = parse(text, &file).unwrap();
        assert_eq!(c.credentials_problem(0, 0), None);
        let why = c.credentials_problem(1000, 1000).unwrap().to_string();
        assert!(
            why.contains("pool render wants its workers to run as user \"0\""),
            "{why}"
        );
        let mine = parse("[render]\nscript = \"w.js\"\n", &file).unwrap();
        assert_eq!(mine.credentials_problem(1000, 1000), None);
    }
}
