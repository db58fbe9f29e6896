//! Load for the end-to-end tests: clients that send one request after
//! another until stopped, each as soon as its last one is answered.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::{Daemon, request, wait_for};

/// Clients sending `method path` in a loop until [`Load::finish`].
#[derive(Debug)]
pub struct Load {
    stop: Arc<AtomicBool>,
    answered: Arc<AtomicUsize>,
    clients: Vec<JoinHandle<Answers>>,
}

/// What the clients got.
#[derive(Debug, Default)]
pub struct Answers {
    /// Every status, each client's in the order it got them.
    pub statuses: Vec<u16>,
    /// The (status, body) of every answer that was not 200.
    pub failed: Vec<(u16, String)>,
    /// The longest any request waited for its answer.
    pub slowest: Duration,
}

impl Answers {
    /// How many requests were answered.
    pub fn sent(&self) -> usize {
        self.statuses.len()
    }
}

impl Load {
    /// `clients` clients sending GET `path`.
    pub fn get(d: &Daemon, clients: usize, path: &str) -> Load {
        Load::start(d, clients, "GET", path)
    }

    /// `clients` clients sending `method path` (no body).
    pub fn start(d: &Daemon, clients: usize, method: &'static str, path: &str) -> Load {
        let stop = Arc::new(AtomicBool::new(false));
        let answered = Arc::new(AtomicUsize::new(0));
        let clients = (0..clients)
            .map(|_| {
                let (stop, answered, addr) = (stop.clone(), answered.clone(), d.addr);
                let path = path.to_owned();
                std::thread::spawn(move || {
                    let mut got = Answers::default();
                    while !stop.load(Ordering::Relaxed) {
                        let sent = std::time::Instant::now();
                        let r = request(addr, method, &path, &[], b"");
                        got.slowest = got.slowest.max(sent.elapsed());
                        got.statuses.push(r.status);
                        if r.status != 200 {
                            got.failed.push((r.status, r.body));
                        }
                        answered.fetch_add(1, Ordering::Relaxed);
                    }
                    got
                })
            })
            .collect();
        Load {
            stop,
            answered,
            clients,
        }
    }

    /// Requests answered so far.
    pub fn answered(&self) -> usize {
        self.answered.load(Ordering::Relaxed)
    }

    /// Waits until `more` requests were answered since this call.
    pub fn wait_answered(&self, more: usize) {
        let target = self.answered() + more;
        wait_for(
            Duration::from_secs(20),
            &format!("{more} more requests answered under load"),
            || (self.answered() >= target).then_some(()),
        );
    }

    /// Stops the clients once their requests are answered.
    pub fn finish(self) -> Answers {
        self.stop.store(true, Ordering::Relaxed);
        let mut all = Answers::default();
        for c in self.clients {
            let got = c.join().expect("a load client panicked");
            all.statuses.extend(got.statuses);
            all.failed.extend(got.failed);
            all.slowest = all.slowest.max(got.slowest);
        }
        all
    }
}
