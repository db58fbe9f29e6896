//! `GET /__bext/events`: the status page's server-sent events.

use futures_util::future::BoxFuture;

use super::{Access, Call, Http, HttpAnswer, Op};
use crate::history::stream::{self, Refused};
use crate::hub::status;

pub const OP: Op = Op {
    name: "events",
    doc: "server-sent events: event messages (with id:) and a tick a second with the page's view; Last-Event-ID (or ?last_event_id=N) resumes after that event; at most 16 streams (then 503); a client that does not read for 5 s is dropped.",
    access: Access::Admin,
    http: Some(Http::get("/__bext/events", answer)),
    control: None,
};

fn answer(c: Call<'_>) -> BoxFuture<'_, HttpAnswer> {
    Box::pin(async move {
        let Some(client) = c.client else {
            return HttpAnswer::Plain(400, "no connection to stream to");
        };
        let rows = c.hub.workers().await;
        let first = status::view(c.hub, &rows).await;
        let first = stream::tick_text(&first.to_string());
        let feed = crate::history::feed();
        match stream::open(feed, c.req.last_event_id, Some(first), client) {
            Ok(rx) => HttpAnswer::Events(rx),
            Err(Refused::TooMany) => HttpAnswer::Plain(503, "too many event streams are open"),
            Err(Refused::Stopping) => HttpAnswer::Plain(503, "bextd is stopping"),
        }
    })
}
