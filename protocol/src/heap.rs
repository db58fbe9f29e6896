//! What a worker reports about its QuickJS heap: the census it takes after
//! each idle collection, and the report of a heap walk.
//!
//! The census is QuickJS's own bookkeeping (`JS_ComputeMemoryUsage`): it
//! counts every object, string, function, shape, property and atom the
//! runtime holds, so two censuses taken after a full collection, some
//! requests apart, tell what those requests left behind. The walk is the
//! other half: which paths from the globals and the script's exports hold
//! the most.

use serde::{Deserialize, Serialize};

/// QuickJS's counters after a collection, and the requests served so far.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Census {
    /// Requests (and custom calls) the worker had served when it counted.
    pub requests: u64,
    /// Bytes QuickJS's allocator holds (`malloc_size`).
    pub malloc_bytes: u64,
    /// Bytes in use by the heap (`memory_used_size`).
    pub used_bytes: u64,
    /// Objects of every class: plain objects, arrays, maps, and each
    /// closure (a function object) too.
    pub objects: u64,
    pub object_bytes: u64,
    pub strings: u64,
    pub string_bytes: u64,
    pub arrays: u64,
    /// Elements of fast arrays.
    pub array_elements: u64,
    /// Compiled JS functions (their bytecode: one per function in the
    /// source, however many closures of it exist; eval'd and `new
    /// Function` code adds to it).
    pub functions: u64,
    pub function_bytes: u64,
    pub shapes: u64,
    pub shape_bytes: u64,
    pub properties: u64,
    pub property_bytes: u64,
    pub atoms: u64,
    pub atom_bytes: u64,
}

/// Asks a worker out of rotation to walk its heap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct WalkLimits {
    /// The walk stops after this long, and says so.
    pub budget_ms: u64,
    /// Paths deeper than this are not followed.
    pub max_depth: u32,
    /// Retainers reported, the largest first.
    pub top: u32,
}

/// What the walk found.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct HeapReport {
    /// The largest retainers, by estimated bytes, the largest first.
    pub retainers: Vec<Retainer>,
    /// Objects, arrays, maps, sets and functions visited.
    pub visited: u64,
    pub elapsed_ms: u64,
    /// It ran out of its time budget: the figures are a lower bound.
    pub stopped_at_budget: bool,
    /// The census after the collection that precedes the walk.
    pub census: Census,
    /// The walk failed (the message), if it did.
    pub error: Option<String>,
}

/// One path and what hangs from it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Retainer {
    /// `globalThis.cache`, `module:./store.js#sessions`, `globalThis.app.users`.
    pub path: String,
    /// `Map`, `Set`, `Array`, `Object`, `Function`, …
    pub kind: String,
    /// Entries of a Map or Set, elements of an array, own properties of an
    /// object.
    pub entries: u64,
    /// Estimated bytes reachable from it that no earlier path reached.
    pub bytes: u64,
    /// Objects (functions, arrays, … included) among them.
    pub objects: u64,
}

/// What a worker's censuses say it retains per 1,000 requests, once its
/// warm-up is past (see bextd's `pool::growth`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct HeapGrowth {
    /// Heap bytes (`used_bytes`) per 1,000 requests.
    pub bytes_per_1k: f64,
    pub objects_per_1k: f64,
    pub functions_per_1k: f64,
    pub strings_per_1k: f64,
    pub arrays_per_1k: f64,
    pub properties_per_1k: f64,
    /// Requests between the first and the last census the figure is from.
    pub requests: u64,
    /// Censuses it is from.
    pub samples: u32,
    /// The growth is steady and above the noise: the worker leaks.
    pub leaking: bool,
}

impl HeapGrowth {
    /// The figure in words: `1.1 KB per 1,000 requests; per request: 2.0
    /// objects, 1.0 functions, …` (bextd's log, feed and `bext heap`).
    pub fn describe(&self) -> String {
        format!(
            "{:.1} KB per 1,000 requests; per request: {:.1} objects, {:.1} functions, {:.1} strings, \
             {:.1} arrays, {:.1} properties (over {} requests, {} censuses)",
            self.bytes_per_1k / 1024.0,
            self.objects_per_1k / 1000.0,
            self.functions_per_1k / 1000.0,
            self.strings_per_1k / 1000.0,
            self.arrays_per_1k / 1000.0,
            self.properties_per_1k / 1000.0,
            self.requests,
            self.samples,
        )
    }
}

/// The answer to `bext heap`: which worker was walked, and what it found.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HeapAnswer {
    pub pool: String,
    pub worker: u32,
    pub pid: u32,
    pub generation: u64,
    #[serde(flatten)]
    pub report: HeapReport,
    /// The worker's growth per 1,000 requests, when it has a figure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub growth: Option<HeapGrowth>,
}
