//! What each control request does: one call on the [`Hub`] (or its job
//! manager), its answer as a reply.

use protocol::control::{ControlReply, ControlRequest};

use crate::hub::Hub;

/// Carries out one request.
pub async fn handle(req: ControlRequest, hub: &Hub) -> ControlReply {
    match req {
        ControlRequest::Workers => ControlReply::Workers {
            workers: hub.workers().await,
        },
        ControlRequest::Restart { pool, worker } => {
            let n = hub.restart(pool.as_deref(), worker).await;
            reply(n, |workers| {
                tracing::info!(pool = pool.as_deref().unwrap_or("*"), worker = ?worker, workers, "restart requested over the control socket");
                ControlReply::Restarting { workers }
            })
        }
        ControlRequest::Maint { pool, data } => {
            let data = data.map(|d| d.to_string());
            let n = hub.maint(pool.as_deref(), data).await;
            reply(n, |workers| ControlReply::Maintaining { workers })
        }
        ControlRequest::Call { pool, params } => match hub.call(&pool, &params).await {
            Ok(Ok(value)) => ControlReply::Result { value },
            Ok(Err((code, message))) => ControlReply::CallFailed { code, message },
            Err(message) => ControlReply::Error { message },
        },
        ControlRequest::Message { pool, data } => {
            let n = hub.message(&pool, data.to_string()).await;
            reply(n, |workers| ControlReply::Sent { workers })
        }
        ControlRequest::Quarantine => ControlReply::Quarantine {
            entries: hub.quarantined(),
        },
        ControlRequest::Reload => match hub.reload("bext reload").await {
            Ok(changes) => ControlReply::Reloaded { changes },
            Err(problems) => ControlReply::ReloadFailed { problems },
        },
        ControlRequest::Swap { pool } => reply(hub.swap(pool.as_deref()).await, |workers| {
            tracing::info!(
                pool = pool.as_deref().unwrap_or("*"),
                workers,
                "hot-swap requested over the control socket"
            );
            ControlReply::Swapping { workers }
        }),
        ControlRequest::QuarantineClear { pool } => {
            reply(hub.clear_quarantine(pool.as_deref()), |signatures| {
                tracing::info!(
                    pool = pool.as_deref().unwrap_or("*"),
                    signatures,
                    "quarantine cleared over the control socket"
                );
                ControlReply::Cleared { signatures }
            })
        }
        ControlRequest::JobsSpawn { .. }
        | ControlRequest::JobsList
        | ControlRequest::JobsShow { .. }
        | ControlRequest::JobsCancel { .. }
        | ControlRequest::JobsLogs { .. } => jobs(req, hub).await,
    }
}

/// The `bext jobs` requests, through the job manager.
async fn jobs(req: ControlRequest, hub: &Hub) -> ControlReply {
    match req {
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
            match hub.jobs().spawn(req).await {
                Ok((id, status)) => ControlReply::JobSpawned { id, status },
                Err(message) => ControlReply::Error { message },
            }
        }
        ControlRequest::JobsList => {
            let (jobs, stats) = hub.jobs().list().await;
            ControlReply::Jobs { jobs, stats }
        }
        ControlRequest::JobsShow { id } => match hub.jobs().get(&id).await {
            Some(job) => ControlReply::Job { job: Box::new(job) },
            None => no_job(&id),
        },
        ControlRequest::JobsCancel { id } => match hub.jobs().cancel(&id).await {
            Ok(status) => ControlReply::JobCancelling { id, status },
            Err(message) => ControlReply::Error { message },
        },
        ControlRequest::JobsLogs { id } => match hub.jobs().logs(&id).await {
            Some(logs) => ControlReply::JobLogs { id, logs },
            None => no_job(&id),
        },
        _ => unreachable!("handle passes only jobs requests"),
    }
}

/// The reply for a count, or the error that prevented it.
fn reply(n: Result<u32, String>, ok: impl FnOnce(u32) -> ControlReply) -> ControlReply {
    match n {
        Ok(n) => ok(n),
        Err(message) => ControlReply::Error { message },
    }
}

fn no_job(id: &str) -> ControlReply {
    ControlReply::Error {
        message: format!("no job {id} (finished jobs are kept up to [jobs] keep_finished)"),
    }
}
