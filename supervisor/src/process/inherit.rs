//! What a process bextd starts (worker, job, template) gets of bextd's own
//! environment: next to nothing.
//!
//! bextd's environment is the operator's: it may hold `PGPASSWORD` for the
//! job store, cloud credentials, tokens. A worker runs the pool's
//! JavaScript, often as another user, and anything in its environment is
//! readable by that code and in `/proc/PID/environ`. So every process
//! starts from an empty environment and gets, in this order (a later one
//! wins):
//!
//! 1. `PATH`, `LANG`, `TZ`, `SSL_CERT_FILE` and `SSL_CERT_DIR`, when bextd
//!    has them: what programs expect to find (the last two are where
//!    `fetch()` finds root certificates) and what leaks nothing;
//! 2. `HOME`: the home folder of the pool's `user` when it has one, else
//!    bextd's own `HOME`;
//! 3. `BEXT_TEST_FAULTS` (the worker's test faults, see `bext-worker`'s
//!    `fault` module), so tests reach them as they reach bextd's;
//! 4. the variables named in the pool's `env_pass`, when bextd has them;
//! 5. the pool's `env`.
//!
//! The spawner then adds what it sets itself (`BEXT_WORKER_FD`,
//! `BEXT_MASTER_PID`, `BEXT_TEMPLATE` for a template). A worker forked from
//! a template inherits the template's environment, which was built the same
//! way (templates are kept per environment), less `BEXT_TEMPLATE`.

use std::collections::BTreeMap;

/// Variables every process gets from bextd when bextd has them.
pub const KEPT: &[&str] = &["PATH", "LANG", "TZ", "SSL_CERT_FILE", "SSL_CERT_DIR"];

/// The worker's test faults: off in production (nobody sets it), kept so
/// the end-to-end tests can turn them on through bextd's environment.
const TEST_FAULTS: &str = "BEXT_TEST_FAULTS";

/// A process's environment. `bextd` reads bextd's variables (a value that
/// is not UTF-8 reads as absent); `home` is the pool user's home folder
/// (`None`: no `user`, or it has none).
pub fn environment(
    bextd: impl Fn(&str) -> Option<String>,
    home: Option<String>,
    pass: &[String],
    pool: &BTreeMap<String, String>,
) -> BTreeMap<String, String> {
    let mut env = BTreeMap::new();
    for name in KEPT.iter().copied().chain([TEST_FAULTS]) {
        if let Some(v) = bextd(name) {
            env.insert(name.to_string(), v);
        }
    }
    if let Some(home) = home.or_else(|| bextd("HOME")) {
        env.insert("HOME".into(), home);
    }
    for name in pass {
        if let Some(v) = bextd(name) {
            env.insert(name.clone(), v);
        }
    }
    env.extend(pool.iter().map(|(k, v)| (k.clone(), v.clone())));
    env
}

/// The home folder of user `uid` from the user database; `None` when the
/// user or its entry's folder is unknown.
pub fn home_of(uid: u32) -> Option<String> {
    let user = nix::unistd::User::from_uid(uid.into()).ok()??;
    let dir = user.dir.to_str()?.to_string();
    (!dir.is_empty()).then_some(dir)
}

/// The environment of a process started from `spec`, built from bextd's
/// current one. Reads the user database: called on the spawner thread.
pub fn for_spawn(spec: &crate::process::exec::SpawnSpec) -> BTreeMap<String, String> {
    let home = spec.uid.and_then(home_of);
    environment(|k| std::env::var(k).ok(), home, &spec.env_pass, &spec.env)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bextd(k: &str) -> Option<String> {
        let vars = [
            ("PATH", "/usr/bin:/bin"),
            ("LANG", "C.UTF-8"),
            ("HOME", "/root"),
            ("PGPASSWORD", "secret"),
            ("SECRET_TOKEN", "x"),
            ("DATABASE_URL", "postgres://db"),
        ];
        vars.iter()
            .find(|(n, _)| *n == k)
            .map(|(_, v)| v.to_string())
    }

    fn names(env: &BTreeMap<String, String>) -> Vec<&str> {
        env.keys().map(String::as_str).collect()
    }

    #[test]
    fn keeps_only_path_lang_tz_and_home() {
        let env = environment(bextd, None, &[], &BTreeMap::new());
        assert_eq!(
            names(&env),
            ["HOME", "LANG", "PATH"],
            "no TZ: bextd has none"
        );
        assert_eq!(env["HOME"], "/root");
    }

    #[test]
    fn home_is_the_pool_users() {
        let env = environment(bextd, Some("/home/app".into()), &[], &BTreeMap::new());
        assert_eq!(env["HOME"], "/home/app");
    }

    #[test]
    fn env_pass_passes_named_variables_and_env_wins() {
        let pass = ["DATABASE_URL".to_string(), "ABSENT".to_string()];
        let pool = BTreeMap::from([
            ("MODE".to_string(), "prod".to_string()),
            ("PATH".to_string(), "/app/bin".to_string()),
        ]);
        let env = environment(bextd, None, &pass, &pool);
        assert_eq!(
            names(&env),
            ["DATABASE_URL", "HOME", "LANG", "MODE", "PATH"],
            "ABSENT is not in bextd's environment; PGPASSWORD not asked for"
        );
        assert_eq!(env["PATH"], "/app/bin", "the pool's env wins");
    }

    #[test]
    fn the_user_database_knows_root() {
        assert_eq!(home_of(0).as_deref(), Some("/root"));
    }
}
