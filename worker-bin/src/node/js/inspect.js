// util.inspect and util.format, after Node's rules for the values code
// logs: quoted strings, `{ a: 1 }`, `[ 1, 2 ]`, `Map(1) { 'a' => 1 }`,
// `[Function: f]`, `[class A]`, `<ref *1>` and `[Circular *1]`, nesting
// past `depth` as `[Object]`, and entries on their own lines when the
// whole would not fit in 72 columns (Node's `breakLength` 80 less the
// indentation it reserves).
const defaults = { depth: 2, breakLength: 80, sorted: false, getters: false, showHidden: false };
const isIdent = /^[A-Za-z_$][\w$]*$/;

function quote(s) {
  const q = !s.includes("'") ? "'" : !s.includes('"') ? '"' : !s.includes("`") ? "`" : "'";
  const esc = s.replace(/[\\\n\t\r\b\f\v\0]/g, (c) => ({ "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r", "\b": "\\b", "\f": "\\f", "\v": "\\v", "\0": "\\x00" })[c]);
  return q + (q === "'" ? esc.replace(/'/g, "\\'") : esc) + q;
}

function key(k) {
  if (typeof k === "symbol") return `[${k.toString()}]`;
  return isIdent.test(k) ? k : quote(k);
}

function ctorName(v) {
  const p = Object.getPrototypeOf(v);
  if (p === null) return null;
  const c = p.constructor;
  return typeof c === "function" && c.name ? c.name : "";
}

function fnLabel(f) {
  const src = Function.prototype.toString.call(f);
  if (src.startsWith("class")) return `[class ${f.name || "(anonymous)"}]`;
  const kind = f.constructor && f.constructor.name !== "Function" ? f.constructor.name : "Function";
  return f.name ? `[${kind}: ${f.name}]` : `[${kind} (anonymous)]`;
}

function primitive(v) {
  switch (typeof v) {
    case "string": return quote(v);
    case "number": return Object.is(v, -0) ? "-0" : String(v);
    case "bigint": return `${v}n`;
    case "symbol": return v.toString();
    case "undefined": return "undefined";
    case "boolean": return String(v);
  }
  return v === null ? "null" : undefined;
}

function inspect(value, opts) {
  const o = Object.assign({}, defaults, typeof opts === "object" && opts !== null ? opts : {});
  const seen = [];
  const circular = new Map();
  const out = fmt(value, 0, o, seen, circular);
  return out;
}

function fmt(v, depth, o, seen, circular) {
  const p = primitive(v);
  if (p !== undefined) return p;
  if (typeof v === "function" && Object.keys(v).length === 0) return fnLabel(v);
  if (seen.includes(v)) {
    if (!circular.has(v)) circular.set(v, circular.size + 1);
    return `[Circular *${circular.get(v)}]`;
  }
  const custom = v[inspect.custom];
  if (typeof custom === "function" && custom !== inspect) {
    const r = custom.call(v, o.depth - depth, o, inspect);
    return typeof r === "string" ? r : fmt(r, depth, o, seen, circular);
  }
  if (v instanceof Error) return errorText(v);
  if (v instanceof Date) return isNaN(v) ? "Invalid Date" : v.toISOString();
  if (v instanceof RegExp) return String(v);
  if (v instanceof Promise) return "Promise { <pending> }";
  if (v instanceof WeakMap || v instanceof WeakSet) return `${v.constructor.name} { <items unknown> }`;
  if (v instanceof ArrayBuffer) {
    const bytes = Array.from(new Uint8Array(v).subarray(0, 50), (b) => b.toString(16).padStart(2, "0")).join(" ");
    return `ArrayBuffer { [Uint8Contents]: <${bytes}${v.byteLength > 50 ? ` ... ${v.byteLength - 50} more bytes` : ""}>, byteLength: ${v.byteLength} }`;
  }
  const nested = (x) => {
    if (depth >= o.depth && x !== null && typeof x === "object" && !(x instanceof Date) && !(x instanceof RegExp) && !(x instanceof Error))
      return Array.isArray(x) ? "[Array]" : `[${ctorName(x) || "Object"}]`;
    return fmt(x, depth + 1, o, seen, circular);
  };
  seen.push(v);
  o.cur = depth;
  let shape;
  try {
    shape = layout(v, nested);
    if (!Array.isArray(v) && !ArrayBuffer.isView(v)) shape.entries.push(...properties(v, o, nested));
  } finally {
    seen.pop();
  }
  const { prefix, open, close, entries } = shape;
  const ref = circular.has(v) ? `<ref *${circular.get(v)}> ` : "";
  if (entries.length === 0) {
    if (typeof v === "function") return ref + prefix.trimEnd();
    return `${ref}${prefix}${open}${close}`;
  }
  const start = `${ref}${prefix}${open}`;
  return reduce(o, entries, start, close, depth, open === "[" ? v : undefined);
}

// The label, braces and own entries (items, map pairs, set members) of an
// object, before its properties.
function layout(v, nested) {
  const name = ctorName(v);
  const label = (kind, size) => `${name === null ? `[${kind}: null prototype]` : name}(${size}) `;
  if (Array.isArray(v)) {
    const entries = arrayEntries(v, nested);
    for (const k of Object.keys(v)) if (!/^\d+$/.test(k)) entries.push(`${key(k)}: ${nested(v[k])}`);
    return { prefix: name === "Array" ? "" : label("Array", v.length), open: "[", close: "]", entries };
  }
  if (ArrayBuffer.isView(v) && !(v instanceof DataView)) {
    const entries = arrayEntries(Array.from(v.length > 100 ? v.subarray(0, 100) : v), (x) => primitive(x));
    if (v.length > 100) entries[100] = `... ${v.length - 100} more item${v.length - 100 > 1 ? "s" : ""}`;
    return { prefix: label(v.constructor.name, v.length), open: "[", close: "]", entries };
  }
  if (v instanceof Map) {
    return { prefix: label("Map", v.size), open: "{", close: "}", entries: [...v].map(([k, x]) => `${nested(k)} => ${nested(x)}`) };
  }
  if (v instanceof Set) {
    return { prefix: label("Set", v.size), open: "{", close: "}", entries: [...v].map((x) => nested(x)) };
  }
  let prefix = "";
  if (typeof v === "function") prefix = `${fnLabel(v)} `;
  else if (name === null) prefix = "[Object: null prototype] ";
  else if (name !== "Object") prefix = `${name || "Object"} `;
  const tag = v[Symbol.toStringTag];
  if (typeof tag === "string" && tag !== "" && tag !== name && typeof v !== "function") prefix = `${name || "Object"} [${tag}] `;
  return { prefix, open: "{", close: "}", entries: [] };
}

// `key: value` of each own enumerable property (string keys, then symbols).
function properties(v, o, nested) {
  const keys = Object.keys(v).concat(Object.getOwnPropertySymbols(v).filter((s) => Object.prototype.propertyIsEnumerable.call(v, s)));
  if (o.sorted) keys.sort();
  return keys.map((k) => {
    const d = Object.getOwnPropertyDescriptor(v, k);
    const shown = d.get ? (d.set ? "[Getter/Setter]" : "[Getter]") : d.set ? "[Setter]" : nested(d.value);
    return `${key(k)}: ${shown}`;
  });
}

// Node's reduceToSingleString with `compact: 3`: an object whose innermost
// three levels hold it goes on one line when it fits in `breakLength`;
// arrays of more than six entries are first grouped in columns.
function reduce(o, entries, start, close, depth, array) {
  let out = entries;
  if (array !== undefined && entries.length > 6) out = grouped(o, entries, array, depth * 2);
  if (o.cur - depth < 3 && out.length === entries.length) {
    const begin = out.length + depth * 2 + start.length + 10;
    if (below(o, out, begin)) {
      const joined = out.join(", ");
      if (!joined.includes("\n")) return `${start} ${joined} ${close}`;
    }
  }
  const ind = `\n${" ".repeat(depth * 2)}`;
  return `${start}${ind}  ${out.join(`,${ind}  `)}${ind}${close}`;
}

function below(o, out, begin) {
  let total = out.length + begin;
  if (total + out.length > o.breakLength) return false;
  for (const e of out) {
    total += e.length;
    if (total > o.breakLength) return false;
  }
  return true;
}

// Node's groupArrayElements: short entries in aligned columns (numbers
// padded at the start, the rest at the end).
function grouped(o, output, value, indentation) {
  let total = 0;
  let maxLength = 0;
  const more = output.length > 0 && output[output.length - 1].startsWith("... ");
  const n = more ? output.length - 1 : output.length;
  const lens = [];
  for (let i = 0; i < n; i++) {
    lens.push(output[i].length);
    total += output[i].length + 2;
    if (maxLength < output[i].length) maxLength = output[i].length;
  }
  const actualMax = maxLength + 2;
  if (!(actualMax * 3 + indentation < o.breakLength && (total / actualMax > 5 || maxLength <= 6))) return output;
  const averageBias = Math.sqrt(actualMax - total / output.length);
  const biasedMax = Math.max(actualMax - 3 - averageBias, 1);
  const columns = Math.min(
    Math.round(Math.sqrt(2.5 * biasedMax * n) / biasedMax),
    Math.floor((o.breakLength - indentation) / actualMax),
    12,
    15,
  );
  if (columns <= 1) return output;
  const widths = [];
  for (let i = 0; i < columns; i++) {
    let w = 0;
    for (let j = i; j < n; j += columns) if (lens[j] > w) w = lens[j];
    widths.push(w + 2);
  }
  let numbers = true;
  for (let i = 0; i < n; i++) if (typeof value[i] !== "number" && typeof value[i] !== "bigint") { numbers = false; break; }
  const rows = [];
  for (let i = 0; i < n; i += columns) {
    const max = Math.min(i + columns, n);
    let row = "";
    let j = i;
    for (; j < max - 1; j++) {
      const cell = `${output[j]}, `;
      row += numbers ? cell.padStart(widths[j - i]) : cell.padEnd(widths[j - i]);
    }
    row += numbers ? output[j].padStart(widths[j - i] - 2) : output[j];
    rows.push(row);
  }
  if (more) rows.push(output[output.length - 1]);
  return rows;
}

function arrayEntries(a, each) {
  const out = [];
  let holes = 0;
  const flush = () => { if (holes) out.push(`<${holes} empty item${holes > 1 ? "s" : ""}>`); holes = 0; };
  const n = Math.min(a.length, 100);
  for (let i = 0; i < n; i++) {
    if (!(i in a)) { holes++; continue; }
    flush();
    out.push(each(a[i]));
  }
  flush();
  if (a.length > 100) out.push(`... ${a.length - 100} more item${a.length - 100 > 1 ? "s" : ""}`);
  return out;
}

function errorText(e) {
  const stack = typeof e.stack === "string" && e.stack ? e.stack.trimEnd() : "";
  const head = `${e.name}: ${e.message}`;
  if (!stack) return `[${head}]`;
  return stack.startsWith(head) ? stack : `${head}\n${stack}`;
}

function format(...args) {
  let i = 0;
  let out = "";
  if (typeof args[0] === "string") {
    i = 1;
    out = args[0].replace(/%[sdifjoOc%]/g, (m) => {
      if (m === "%%") return "%";
      if (i >= args.length) return m;
      const a = args[i++];
      switch (m) {
        case "%s":
          if (typeof a === "bigint") return `${a}n`;
          if (typeof a === "object" && a !== null) return inspect(a, { depth: 0 });
          return typeof a === "symbol" ? a.toString() : Object.is(a, -0) ? "-0" : String(a);
        case "%d": return typeof a === "bigint" ? `${a}n` : typeof a === "object" && a !== null ? "NaN" : String(Number(a));
        case "%i": return typeof a === "bigint" ? `${a}n` : String(parseInt(a, 10));
        case "%f": return String(parseFloat(a));
        case "%j": try { return JSON.stringify(a); } catch (_) { return "[Circular]"; }
        case "%o": return inspect(a, { showHidden: true, depth: 4 });
        case "%O": return inspect(a);
        case "%c": return "";
      }
      return m;
    });
  }
  for (; i < args.length; i++) {
    const a = args[i];
    out += (out === "" && i === 0 ? "" : " ") + (typeof a === "string" ? a : inspect(a));
  }
  return out;
}

inspect.custom = Symbol.for("nodejs.util.inspect.custom");
inspect.defaultOptions = defaults;
module.exports = { inspect, format };
