//! Which Node built-ins a worker has, where their source is, and for those
//! it does not have, what to use instead.

/// The built-ins a worker has, as `node:` names take them.
pub const BUILTINS: &[&str] = &[
    "assert",
    "assert/strict",
    "async_hooks",
    "buffer",
    "child_process",
    "cluster",
    "console",
    "constants",
    "crypto",
    "dgram",
    "diagnostics_channel",
    "dns",
    "dns/promises",
    "events",
    "fs",
    "fs/promises",
    "http",
    "http2",
    "https",
    "inspector",
    "module",
    "net",
    "os",
    "path",
    "path/posix",
    "perf_hooks",
    "process",
    "punycode",
    "querystring",
    "readline",
    "readline/promises",
    "stream",
    "stream/consumers",
    "stream/promises",
    "stream/web",
    "string_decoder",
    "sys",
    "timers",
    "timers/promises",
    "tls",
    "tty",
    "url",
    "util",
    "util/types",
    "v8",
    "vm",
    "worker_threads",
    "zlib",
];

/// The sources of the built-ins and of their internal parts, by name. Each
/// is the body of a function of `(module, exports, require, host)`; its
/// bytecode is in `js/builtins.bc` (see `super::bytecode`).
pub const SOURCES: &[(&str, &str)] = &[
    ("assert", include_str!("js/assert.js")),
    (
        "assert/strict",
        "module.exports = require('assert').strict;",
    ),
    ("async_hooks", include_str!("js/async_hooks.js")),
    ("buffer", include_str!("js/buffer.js")),
    ("internal/buffer", include_str!("js/vendor/buffer.js")),
    ("console", include_str!("js/console.js")),
    ("constants", include_str!("js/constants.js")),
    ("crypto", include_str!("js/crypto.js")),
    ("internal/crypto_keys", include_str!("js/crypto_keys.js")),
    ("internal/crypto_sign", include_str!("js/crypto_sign.js")),
    ("internal/crypto_kdf", include_str!("js/crypto_kdf.js")),
    (
        "internal/crypto_keygen",
        include_str!("js/crypto_keygen.js"),
    ),
    (
        "internal/crypto_cipher",
        include_str!("js/crypto_cipher.js"),
    ),
    (
        "diagnostics_channel",
        include_str!("js/diagnostics_channel.js"),
    ),
    ("punycode", include_str!("js/vendor/punycode.js")),
    ("sys", "module.exports = require('util');"),
    ("module", include_str!("js/module.js")),
    ("os", include_str!("js/os.js")),
    ("perf_hooks", include_str!("js/perf_hooks.js")),
    ("tty", include_str!("js/tty.js")),
    ("internal/unavailable", include_str!("js/unavailable.js")),
    ("internal/errors", include_str!("js/errors.js")),
    ("events", include_str!("js/events.js")),
    ("fs", include_str!("js/fs.js")),
    ("fs/promises", "module.exports = require('fs').promises;"),
    ("internal/fs_promises", include_str!("js/fs_promises.js")),
    ("internal/fs_streams", include_str!("js/fs_streams.js")),
    ("internal/fs_types", include_str!("js/fs_types.js")),
    ("path", include_str!("js/vendor/path.js")),
    ("path/posix", include_str!("js/vendor/path.js")),
    ("process", include_str!("js/process.js")),
    ("querystring", include_str!("js/querystring.js")),
    ("stream", include_str!("js/stream.js")),
    ("stream/consumers", include_str!("js/stream_consumers.js")),
    (
        "stream/promises",
        "module.exports = require('stream').promises;",
    ),
    ("stream/web", include_str!("js/stream_web.js")),
    (
        "internal/readable-stream",
        include_str!("js/vendor/readable-stream.js"),
    ),
    (
        "internal/stream_adapters",
        include_str!("js/stream_adapters.js"),
    ),
    (
        "string_decoder",
        include_str!("js/vendor/string_decoder.js"),
    ),
    ("timers", include_str!("js/timers.js")),
    ("timers/promises", include_str!("js/timers_promises.js")),
    ("url", include_str!("js/url.js")),
    ("util", include_str!("js/util.js")),
    ("util/types", "module.exports = require('util').types;"),
    ("internal/events", include_str!("js/vendor/events.js")),
    (
        "internal/querystring",
        include_str!("js/vendor/querystring.js"),
    ),
    ("internal/inspect", include_str!("js/inspect.js")),
    ("zlib", include_str!("js/zlib.js")),
    // Intl (worker-bin/src/intl): the object, its services, and the
    // locale-sensitive methods of the language's built-ins.
    ("internal/intl", include_str!("../js/intl.js")),
    ("internal/intl_core", include_str!("../js/intl_core.js")),
    ("internal/intl_number", include_str!("../js/intl_number.js")),
    (
        "internal/intl_collator",
        include_str!("../js/intl_collator.js"),
    ),
    (
        "internal/intl_datetime",
        include_str!("../js/intl_datetime.js"),
    ),
    ("internal/intl_text", include_str!("../js/intl_text.js")),
    ("internal/intl_locale", include_str!("../js/intl_locale.js")),
    (
        "internal/intl_duration",
        include_str!("../js/intl_duration.js"),
    ),
    ("internal/zlib_streams", include_str!("js/zlib_streams.js")),
];

/// What a built-in refused at call runs: its calls throw what to use.
const REFUSED: &str = "module.exports = require('internal/unavailable')(module.id.slice(5));";

/// The source of built-in (or internal part) `name`.
pub fn source(name: &str) -> Option<&'static str> {
    match SOURCES.iter().find(|(n, _)| *n == name) {
        Some((_, src)) => Some(src),
        None => refused_at_call(name).map(|_| REFUSED),
    }
}

const NET: &str = "a worker has no sockets of its own; use fetch() for outbound HTTP(S), and \
                   answer requests from the handler";
const PROCESSES: &str = "a worker cannot start processes or threads; run background work with \
                         bext.jobs.spawn";

/// For a built-in whose module loads but whose calls need what a worker has
/// not (`http.createServer()`, `child_process.spawn()`), what to use
/// instead: the message of the ERR_BEXT_UNAVAILABLE error such a call
/// throws (`js/unavailable.js`), so a package that only imports it loads.
pub fn refused_at_call(name: &str) -> Option<&'static str> {
    Some(match name {
        "net" | "tls" | "dgram" | "dns" | "dns/promises" | "http" | "https" | "http2" => NET,
        "child_process" | "cluster" | "worker_threads" => PROCESSES,
        "readline" | "readline/promises" => {
            "a worker has no terminal; read input from the request, write with console"
        }
        "vm" => "a worker runs its own modules only; import the code instead",
        "v8" => "a worker's engine is QuickJS; process.memoryUsage() gives its heap",
        "inspector" => "a worker has no inspector; use its log and bext's traces",
        _ => return None,
    })
}

/// For a Node built-in a worker does not have, what to use instead.
pub fn unavailable(name: &str) -> Option<&'static str> {
    Some(match name {
        "repl" | "trace_events" | "wasi" | "sqlite" | "test" | "domain" => {
            "it has no use in a bext worker"
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_builtin_has_a_source_and_none_is_also_unavailable() {
        for name in BUILTINS {
            assert!(source(name).is_some(), "{name} has no source");
            assert!(unavailable(name).is_none(), "{name} is listed twice");
        }
        for name in ["http", "net", "child_process", "worker_threads", "vm"] {
            assert!(BUILTINS.contains(&name), "{name} loads, its calls throw");
            assert!(refused_at_call(name).is_some(), "{name} says what to use");
        }
    }
}
