//! The Autobahn|Testsuite's fuzzing client (`wstest -m fuzzingclient`,
//! Python 2.7, installed by scripts/test into target/autobahn from
//! tests/autobahn/requirements.txt) against bextd with an echo handler
//! and `ws_max_message_bytes` of 16 MiB: a subset of the 517 cases that
//! covers every group. Whole: 1.* to 7.* (framing, pings, reserved bits
//! and opcodes, fragments, UTF-8, closing) and 10.*. Of 9.* (performance)
//! a 16 MiB text and a 16 MiB binary message in one frame, 4 MiB
//! fragments, 16 MiB in 4 MiB chops, and 1,000 messages of text and of
//! binary; of 12.* (permessage-deflate, 1,000 messages per case) the
//! 256-byte messages of each offer; of 13.* (each offer and window, 13.7
//! several offers in one header) the 16- and 256-byte messages. The rest
//! is left to scripts/autobahn, which runs all 517 and prints the table:
//! the Python client takes 20 minutes over 12.* and 13.* (bextd a minute
//! of CPU), and the suite stays well under 15 minutes; this test takes
//! about a minute. Each case must end OK or INFORMATIONAL; NON-STRICT only
//! where tests/autobahn/expected.txt lists the case with its reason.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use bext_e2e::{Daemon, Setup};

const ECHO: &str = r#"
export function handler(req) {
  const { socket, response } = bext.upgradeWebSocket(req);
  socket.onmessage = (e) => socket.send(e.data);
  return response;
}
"#;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Cases expected NON-STRICT, from tests/autobahn/expected.txt.
fn expected_non_strict() -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(root().join("tests/autobahn/expected.txt"))
        .expect("tests/autobahn/expected.txt");
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (case, why) = l.split_once(' ').unwrap_or((l, ""));
            (case.to_owned(), why.trim().to_owned())
        })
        .collect()
}

/// The case ids (and patterns) run: every group, as the module says.
fn cases() -> Vec<String> {
    let mut cases: Vec<String> = (1..=7).chain([10]).map(|g| format!("{g}.*")).collect();
    let nine = [
        "9.1.6", "9.2.6", "9.3.9", "9.4.9", "9.5.6", "9.6.6", "9.7.1", "9.8.1",
    ];
    cases.extend(nine.map(str::to_owned));
    cases.extend((1..=5).map(|g| format!("12.{g}.3")));
    for group in 1..=7 {
        cases.extend([1, 3].map(|n| format!("13.{group}.{n}")));
    }
    cases
}

#[test]
fn autobahn_fuzzing_client_finds_every_case_ok() {
    let wstest = root().join("target/autobahn/bin/wstest");
    assert!(
        wstest.is_file(),
        "{} is missing: scripts/test installs the Autobahn|Testsuite there",
        wstest.display()
    );
    let d = Daemon::start_with(Setup {
        config: "[render]\nscript = \"echo.js\"\njsc_workers = 1\nws_max_message_bytes = 16777216\n",
        files: &[("echo.js", ECHO)],
        ..Setup::default()
    });
    d.wait_workers(1);
    let out = d.dir.path().join("reports");
    let spec = serde_json::json!({
        "outdir": out,
        "servers": [{ "agent": "bext", "url": format!("ws://{}/ws", d.addr) }],
        "cases": cases(),
        "exclude-cases": [],
        "exclude-agent-cases": {},
    });
    let spec_path = d.dir.path().join("fuzzingclient.json");
    std::fs::write(&spec_path, spec.to_string()).unwrap();
    let started = Instant::now();
    let mut child = Command::new(&wstest)
        .args(["-m", "fuzzingclient", "-s"])
        .arg(&spec_path)
        .current_dir(d.dir.path())
        .stdout(std::fs::File::create(d.dir.path().join("wstest.log")).unwrap())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("run wstest");
    let limit = Duration::from_secs(240);
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("wstest ran past {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    assert!(status.success(), "wstest failed: {status}");
    eprintln!("autobahn: {:.1} s", started.elapsed().as_secs_f64());
    let index: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("index.json")).unwrap()).unwrap();
    let cases = index["bext"].as_object().expect("bext's results");
    let listed = expected_non_strict();
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    let mut wrong = Vec::new();
    for (case, r) in cases {
        let behavior = r["behavior"].as_str().unwrap_or("?").to_owned();
        let close = r["behaviorClose"].as_str().unwrap_or("?");
        *counts.entry(behavior.clone()).or_default() += 1;
        let ok = match behavior.as_str() {
            "OK" | "INFORMATIONAL" => true,
            "NON-STRICT" => listed.contains_key(case),
            _ => false,
        };
        if !ok || !matches!(close, "OK" | "INFORMATIONAL") {
            wrong.push(format!("{case}: {behavior}, close {close}"));
        }
    }
    eprintln!("autobahn: {} cases: {counts:?}", cases.len());
    assert_eq!(cases.len(), 274, "cases run");
    let groups: std::collections::BTreeSet<&str> =
        cases.keys().filter_map(|c| c.split('.').next()).collect();
    assert_eq!(groups.len(), 11, "every group: {groups:?}");
    assert!(
        wrong.is_empty(),
        "cases off the expectations:\n{}",
        wrong.join("\n")
    );
    for case in listed.keys() {
        assert_eq!(
            cases.get(case).and_then(|r| r["behavior"].as_str()),
            Some("NON-STRICT"),
            "{case} is listed NON-STRICT in tests/autobahn/expected.txt: if it passes now, drop it"
        );
    }
}
