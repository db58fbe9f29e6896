//! Which Node built-ins a worker has, where their source is, and for those
//! it does not have, what to use instead.

/// The built-ins a worker has, as `node:` names take them.
pub const BUILTINS: &[&str] = &[
    "assert",
    "assert/strict",
    "async_hooks",
    "buffer",
    "crypto",
    "events",
    "path",
    "path/posix",
    "process",
    "querystring",
    "stream",
    "stream/consumers",
    "stream/promises",
    "stream/web",
    "string_decoder",
    "timers",
    "timers/promises",
    "url",
    "util",
    "util/types",
    "zlib",
];

/// The source of built-in (or internal part) `name`.
pub fn source(name: &str) -> Option<&'static str> {
    Some(match name {
        "assert" => include_str!("js/assert.js"),
        "assert/strict" => "module.exports = require('assert').strict;",
        "async_hooks" => include_str!("js/async_hooks.js"),
        "buffer" => include_str!("js/buffer.js"),
        "internal/buffer" => include_str!("js/vendor/buffer.js"),
        "crypto" => include_str!("js/crypto.js"),
        "events" => include_str!("js/events.js"),
        "path" | "path/posix" => include_str!("js/vendor/path.js"),
        "process" => include_str!("js/process.js"),
        "querystring" => include_str!("js/querystring.js"),
        "stream" => include_str!("js/stream.js"),
        "stream/consumers" => include_str!("js/stream_consumers.js"),
        "stream/promises" => "module.exports = require('stream').promises;",
        "stream/web" => include_str!("js/stream_web.js"),
        "internal/readable-stream" => include_str!("js/vendor/readable-stream.js"),
        "internal/stream_adapters" => include_str!("js/stream_adapters.js"),
        "string_decoder" => include_str!("js/vendor/string_decoder.js"),
        "timers" => include_str!("js/timers.js"),
        "timers/promises" => include_str!("js/timers_promises.js"),
        "url" => include_str!("js/url.js"),
        "util" => include_str!("js/util.js"),
        "util/types" => "module.exports = require('util').types;",
        "internal/events" => include_str!("js/vendor/events.js"),
        "internal/querystring" => include_str!("js/vendor/querystring.js"),
        "internal/inspect" => include_str!("js/inspect.js"),
        "zlib" => include_str!("js/zlib.js"),
        "internal/zlib_streams" => include_str!("js/zlib_streams.js"),
        _ => return None,
    })
}

/// For a Node built-in a worker does not have, what to use instead.
pub fn unavailable(name: &str) -> Option<&'static str> {
    const FILES: &str = "a worker has no file system; read configuration from `process.env` or \
                         import JSON (`import data from \"./data.json\"`), keep state in \
                         bext.jobs or an outside store";
    const NET: &str = "a worker has no sockets of its own; use fetch() for outbound HTTP(S), \
                       and answer requests from the handler";
    const PROCESSES: &str = "a worker cannot start processes or threads; run background work \
                             with bext.jobs.spawn";
    Some(match name {
        "fs" | "fs/promises" => FILES,
        "net" | "tls" | "dgram" | "dns" | "dns/promises" | "http" | "https" | "http2" => NET,
        "child_process" | "cluster" | "worker_threads" => PROCESSES,
        "os" => {
            "a worker does not describe its host; `process.platform` and \
                 `process.env` are there"
        }
        "readline"
        | "repl"
        | "tty"
        | "inspector"
        | "v8"
        | "vm"
        | "module"
        | "perf_hooks"
        | "diagnostics_channel"
        | "trace_events"
        | "wasi"
        | "sqlite"
        | "test"
        | "domain"
        | "punycode"
        | "constants"
        | "sys" => "it has no use in a bext worker",
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
    }
}
