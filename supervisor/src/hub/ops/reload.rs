//! `{"cmd":"reload"}`: re-reads the configuration and applies it.

use futures_util::future::BoxFuture;
use protocol::control::{ControlKind, ControlReply, ControlRequest};

use super::{Access, Control, Op};
use crate::hub::Hub;

pub const OP: Op = Op {
    name: "reload",
    doc: "re-reads the configuration file and applies what changed, as SIGHUP does; replies each change, or each problem of an invalid file (the running configuration stays).",
    access: Access::Admin,
    http: None,
    control: Some(Control {
        kind: ControlKind::Reload,
        reply,
    }),
};

fn reply(hub: &Hub, _: ControlRequest) -> BoxFuture<'_, ControlReply> {
    Box::pin(async move {
        match hub.reloader.reload("bext reload").await {
            Ok(changes) => ControlReply::Reloaded { changes },
            Err(problems) => ControlReply::ReloadFailed { problems },
        }
    })
}
