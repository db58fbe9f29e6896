//! A store's claims, from the manager: what its task reports (jobs
//! claimed, leases renewed or lost, writes refused) becomes inputs of the
//! core.

use super::Manager;
use crate::jobs::core::Input;
use crate::jobs::store::StoreEvent;

impl Manager {
    pub(super) async fn on_store(&mut self, ev: StoreEvent) {
        match ev {
            StoreEvent::Claimed {
                jobs,
                sent_at,
                batch,
            } => {
                let input = Input::Claimed {
                    jobs,
                    sent_at,
                    batch,
                };
                self.apply(input).await;
            }
            StoreEvent::Renewed {
                sent_at,
                lost,
                cancel,
            } => {
                self.apply(Input::Renewed { sent_at, cancel }).await;
                for (id, attempt) in lost {
                    self.apply(Input::LeaseLost { id, attempt }).await;
                }
            }
            StoreEvent::Fenced { id, attempt } => {
                self.apply(Input::LeaseLost { id, attempt }).await;
            }
        }
    }
}
