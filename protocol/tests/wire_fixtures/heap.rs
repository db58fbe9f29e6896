//! The heap frames: a census, a walk and its report.

use super::check;
use protocol::worker::{MasterToWorker, WorkerToMaster};

#[test]
fn heap() {
    use protocol::heap::{Census, HeapReport, Retainer, WalkLimits};
    let census = Census {
        requests: 5_000,
        malloc_bytes: 2_000_000,
        used_bytes: 1_500_000,
        objects: 12_000,
        object_bytes: 700_000,
        strings: 9_000,
        string_bytes: 300_000,
        arrays: 800,
        array_elements: 4_000,
        functions: 6_000,
        function_bytes: 250_000,
        shapes: 900,
        shape_bytes: 90_000,
        properties: 40_000,
        property_bytes: 320_000,
        atoms: 3_000,
        atom_bytes: 110_000,
    };
    check("census", &WorkerToMaster::Census(census));
    check(
        "heap-walk",
        &MasterToWorker::HeapWalk(WalkLimits {
            budget_ms: 2_000,
            max_depth: 8,
            top: 20,
        }),
    );
    check(
        "heap-report",
        &WorkerToMaster::HeapReport(HeapReport {
            retainers: vec![Retainer {
                path: "globalThis.cache".into(),
                kind: "Map".into(),
                entries: 48_213,
                bytes: 5_400_000,
                objects: 96_426,
            }],
            visited: 96_500,
            elapsed_ms: 41,
            stopped_at_budget: false,
            census,
            error: None,
        }),
    );
}
