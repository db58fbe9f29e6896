//! Where the manager runs: a thread of its own, its own runtime, at the
//! niceness `[jobs] nice` asks.

/// Runs `serve` (the manager) on a thread of its own with its own runtime:
/// a burst of thousands of short jobs keeps it busy, and on the runtime that
/// serves requests (one thread on a 2-core machine) it made hello wait
/// 0.7 s at p99 (99 req/s instead of 20,000) while a backlog drained.
///
/// The thread runs at niceness `nice` (`[jobs] nice`), and so do the threads
/// it starts (the SQLite writer): Linux keeps a niceness per thread, and a
/// new thread takes its creator's. A draining backlog then yields to the
/// request path as the job processes do.
pub(in crate::jobs) fn start(serve: impl Future<Output = ()> + Send + 'static, nice: u32) {
    let run = move || {
        lower_priority(nice);
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build();
        match rt {
            Ok(rt) => rt.block_on(serve),
            Err(e) => {
                tracing::error!(error = %e, "cannot start the job manager's runtime; no job runs")
            }
        }
    };
    let spawned = std::thread::Builder::new()
        .name("bext-jobs".into())
        .spawn(run);
    if let Err(e) = spawned {
        tracing::error!(error = %e, "cannot start the job manager's thread; no job runs");
    }
}

/// Lowers the calling thread's CPU priority to `nice`.
fn lower_priority(nice: u32) {
    if nice == 0 {
        return;
    }
    let me = rustix::thread::gettid();
    if let Err(e) = rustix::process::setpriority_process(Some(me), nice as i32) {
        tracing::warn!(error = %e, "cannot lower the job manager's CPU priority ([jobs] nice)");
    }
}
