// The heap walk behind `bext heap`: what the globals the script added and
// the script's exports hold. Each root is walked depth first; an object is
// counted once, for the first path that reaches it, with an estimate of its
// bytes (QuickJS's layout on 64 bits: an object's header and its property
// slots, 16 bytes a value, a Map or Set record per entry, a string's bytes).
// Closures' captured variables are out of reach: a closure counts as a
// function. Only data properties are read, never a getter (that would run
// the script's code), and the intrinsics are taken here, when the prelude
// starts and before any script runs, so a script that replaces
// Map.prototype.forEach cannot steer the walk. The walk stops at its time
// budget and says so; what it found by then is a lower bound.
(function (roots) {
  "use strict";
  const ownKeys = Reflect.ownKeys, apply = Reflect.apply, getDesc = Reflect.getOwnPropertyDescriptor;
  const isArray = Array.isArray, now = Date.now, stringify = JSON.stringify;
  const mapSize = getDesc(Map.prototype, "size").get, setSize = getDesc(Set.prototype, "size").get;
  const mapEach = Map.prototype.forEach, setEach = Set.prototype.forEach;
  const MapC = Map, SetC = Set, WeakMapC = WeakMap, WeakSetC = WeakSet;
  const NAMED = 256, OBJECT = 48, SLOT = 16, RECORD = 80, FUNCTION = 96, STRING = 24;
  const IDENT = /^[A-Za-z_$][\w$]*$/;
  const STOP = {};

  function kindOf(v) {
    if (typeof v === "function") return "Function";
    if (isArray(v)) return "Array";
    if (v instanceof MapC) { try { apply(mapSize, v, []); return "Map"; } catch (_) { /* not a real Map */ } }
    if (v instanceof SetC) { try { apply(setSize, v, []); return "Set"; } catch (_) { /* not a real Set */ } }
    if (v instanceof WeakMapC) return "WeakMap";
    if (v instanceof WeakSetC) return "WeakSet";
    return "Object";
  }
  function label(k) {
    if (typeof k === "symbol") return `[${String(k)}]`;
    return IDENT.test(k) ? `.${k}` : `[${stringify(k)}]`;
  }

  // (budgetMs, maxDepth, top) -> the report's JSON.
  return function heapWalk(budgetMs, maxDepth, top) {
    const start = now(), end = start + budgetMs;
    const seen = new SetC();
    const records = [];
    let visited = 0, stopped = false;
    // Checked every 256 values taken, and every 1024 entries of a collection
    // (one array may hold a million).
    const over = (i) => (i & 1023) === 1023 && now() > end && (stopped = true);
    // Each stack entry: [value, depth, path or null, the records it counts for].
    const stack = [];
    const { spec, ns, base } = roots();
    const add = (v, path) => stack.push([v, 0, path, []]);
    for (const k of ownKeys(globalThis)) {
      if (base.has(k)) continue;
      const d = getDesc(globalThis, k);
      if (d && "value" in d) add(d.value, `globalThis${label(k)}`);
    }
    if (ns) {
      const name = `module:./${String(spec).split("/").pop()}#`;
      for (const k of ownKeys(ns)) {
        let d; try { d = getDesc(ns, k); } catch (_) { continue; } // an export still in its TDZ
        if (d && "value" in d && typeof k === "string") add(d.value, name + k);
      }
    }
    stack.reverse(); // the roots in their order
    let pops = 0;
    while (stack.length > 0) {
      if ((++pops & 255) === 0 && now() > end) { stopped = true; break; }
      const [v, depth, path, recs] = stack.pop();
      let bytes = 0, entries = 0;
      if (typeof v === "string") {
        bytes = STRING + v.length;
        for (let i = 0; i < recs.length; i++) recs[i].bytes += bytes;
        continue;
      }
      if (v === null || (typeof v !== "object" && typeof v !== "function") || seen.has(v)) continue;
      seen.add(v);
      visited++;
      const kind = kindOf(v);
      const deeper = depth < maxDepth;
      const named = path !== null && depth < 2;
      const children = [];
      const child = (c, p) => {
        if (deeper && c !== null && (typeof c === "object" || typeof c === "function" || typeof c === "string")) {
          children.push([c, named ? p : null]);
        }
      };
      if (kind === "Map" || kind === "Set") {
        entries = apply(kind === "Map" ? mapSize : setSize, v, []);
        bytes = OBJECT + entries * RECORD;
        let i = 0;
        try {
          apply(kind === "Map" ? mapEach : setEach, v, [(val, key) => {
            if (over(i++)) throw STOP;
            if (kind === "Map") child(key, null);
            child(val, null);
          }]);
        } catch (e) { if (e !== STOP) throw e; }
      } else if (kind === "Array") {
        // By index: the keys of a large array would be as many strings.
        entries = v.length;
        bytes = OBJECT + entries * SLOT;
        for (let i = 0; i < entries && !over(i); i++) {
          const d = getDesc(v, i);
          if (d && "value" in d) child(d.value, null);
        }
      } else {
        const keys = ownKeys(v);
        entries = keys.length;
        // Entries of a collection are not paths of their own (a dictionary
        // object would give one record per entry).
        const byName = named && keys.length <= NAMED;
        bytes = (kind === "Function" ? FUNCTION : OBJECT) + keys.length * SLOT;
        for (let i = 0; i < keys.length && !over(i); i++) {
          const d = getDesc(v, keys[i]);
          if (d && "value" in d) child(d.value, byName ? path + label(keys[i]) : null);
        }
      }
      let mine = recs;
      if (path !== null) {
        const rec = { path, kind, entries, bytes: 0, objects: 0 };
        records.push(rec);
        mine = recs.concat([rec]);
      }
      for (let i = 0; i < mine.length; i++) { mine[i].bytes += bytes; mine[i].objects++; }
      if (stopped) break;
      for (let i = children.length - 1; i >= 0; i--) stack.push([children[i][0], depth + 1, children[i][1], mine]);
    }
    records.sort((a, b) => b.bytes - a.bytes);
    return stringify({ retainers: records.slice(0, top), visited, stopped, elapsed: now() - start });
  };
})
