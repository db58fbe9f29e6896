//! What each control request does: status, rolling restarts, maintenance
//! sweeps, custom calls and broadcasts, through the pools' handles.

use protocol::control::{ControlReply, ControlRequest};

use crate::front::Front;
use crate::pool::Reason;

/// Carries out one request.
pub async fn handle(req: ControlRequest, front: &Front) -> ControlReply {
    match req {
        ControlRequest::Workers => ControlReply::Workers {
            workers: front.all_workers().await,
        },
        ControlRequest::Restart { pool, worker } => restart(front, pool.as_deref(), worker).await,
        ControlRequest::Maint { pool, data } => maint(front, pool.as_deref(), data).await,
        ControlRequest::Call { pool, params } => match find_pool(front, &pool) {
            Ok(p) => match crate::front::dispatch::call(&p, &params).await {
                Ok(value) => ControlReply::Result { value },
                Err((code, message)) => ControlReply::CallFailed { code, message },
            },
            Err(e) => e,
        },
        ControlRequest::Message { pool, data } => match find_pool(front, &pool) {
            Ok(p) => ControlReply::Sent {
                workers: p.message(data.to_string()).await,
            },
            Err(e) => e,
        },
        ControlRequest::Quarantine => ControlReply::Quarantine {
            entries: front.quarantined(),
        },
        ControlRequest::Reload => match front.reloader.get() {
            Some(r) => match r.reload("bext reload").await {
                Ok(changes) => ControlReply::Reloaded { changes },
                Err(problems) => ControlReply::ReloadFailed { problems },
            },
            None => ControlReply::Error {
                message: "bextd is still starting".into(),
            },
        },
        ControlRequest::Swap { pool } => {
            let targets = match pool.as_deref() {
                Some(name) => match find_pool(front, name) {
                    Ok(p) => vec![p],
                    Err(e) => return e,
                },
                None => front.pools().to_vec(),
            };
            let changes = crate::reload::classify::manual_changes();
            let mut workers = 0;
            for p in targets {
                workers += p.swap(changes.clone()).await;
            }
            tracing::info!(
                pool = pool.as_deref().unwrap_or("*"),
                workers,
                "hot-swap requested over the control socket"
            );
            ControlReply::Swapping { workers }
        }
        ControlRequest::QuarantineClear { pool } => {
            let targets = match pool.as_deref() {
                Some(name) => match find_pool(front, name) {
                    Ok(p) => vec![p],
                    Err(e) => return e,
                },
                None => front.pools().to_vec(),
            };
            let signatures = targets.iter().map(|p| p.quarantine.clear()).sum::<usize>() as u32;
            tracing::info!(
                pool = pool.as_deref().unwrap_or("*"),
                signatures,
                "quarantine cleared over the control socket"
            );
            ControlReply::Cleared { signatures }
        }
        ControlRequest::JobsSpawn {
            script,
            pool,
            daemon,
            memory_bytes,
            timeout_ms,
            data,
            retry_on_restart,
            cwd,
        } => {
            let req = crate::jobs::SpawnRequest {
                id: None,
                pool,
                script,
                cwd: cwd.map(std::path::PathBuf::from),
                daemon,
                memory_bytes,
                timeout_ms: timeout_ms.unwrap_or(0),
                data: data.unwrap_or(serde_json::Value::Null),
                retry_on_restart,
            };
            match front.jobs.spawn(req).await {
                Ok((id, status)) => ControlReply::JobSpawned { id, status },
                Err(message) => ControlReply::Error { message },
            }
        }
        ControlRequest::JobsList => {
            let (jobs, stats) = front.jobs.list().await;
            ControlReply::Jobs { jobs, stats }
        }
        ControlRequest::JobsShow { id } => match front.jobs.get(&id).await {
            Some(job) => ControlReply::Job { job: Box::new(job) },
            None => no_job(&id),
        },
        ControlRequest::JobsCancel { id } => match front.jobs.cancel(&id).await {
            Ok(status) => ControlReply::JobCancelling { id, status },
            Err(message) => ControlReply::Error { message },
        },
        ControlRequest::JobsLogs { id } => match front.jobs.logs(&id).await {
            Some(logs) => ControlReply::JobLogs { id, logs },
            None => no_job(&id),
        },
    }
}

fn no_job(id: &str) -> ControlReply {
    ControlReply::Error {
        message: format!("no job {id} (finished jobs are kept up to [jobs] keep_finished)"),
    }
}

fn find_pool(
    front: &Front,
    name: &str,
) -> Result<std::sync::Arc<crate::pool::PoolHandle>, ControlReply> {
    let pools = front.pools();
    pools
        .iter()
        .find(|p| &*p.name == name)
        .cloned()
        .ok_or_else(|| {
            let known: Vec<&str> = pools.iter().map(|p| &*p.name).collect();
            ControlReply::Error {
                message: format!("no pool named {name:?} (pools: {})", known.join(", ")),
            }
        })
}

async fn maint(front: &Front, pool: Option<&str>, data: Option<serde_json::Value>) -> ControlReply {
    let targets = match pool {
        Some(name) => match find_pool(front, name) {
            Ok(p) => vec![p],
            Err(e) => return e,
        },
        None => front.pools().to_vec(),
    };
    let mut total = 0;
    for p in targets {
        total += p.maint(data.as_ref().map(|d| d.to_string())).await;
    }
    ControlReply::Maintaining { workers: total }
}

async fn restart(front: &Front, pool: Option<&str>, worker: Option<u32>) -> ControlReply {
    let targets: Vec<_> = match pool {
        Some(name) => match find_pool(front, name) {
            Ok(p) => vec![p],
            Err(e) => return e,
        },
        None if worker.is_some() && front.pools().len() > 1 => {
            return ControlReply::Error {
                message: "--worker needs --pool when there is more than one pool".into(),
            };
        }
        None => front.pools().to_vec(),
    };
    let mut total = 0;
    for p in targets {
        match p.restart(worker, Reason::Restart).await {
            Ok(n) => total += n,
            Err(why) => {
                return ControlReply::Error {
                    message: format!("pool {} {why}", p.name),
                };
            }
        }
    }
    tracing::info!(pool = pool.unwrap_or("*"), worker = ?worker, workers = total, "restart requested over the control socket");
    ControlReply::Restarting { workers: total }
}
