// The calls scripts/bench/intl.sh times: the same code in a bext worker
// (worker.js) and in Node (node-ops.mjs). Each runs for about `ms`
// milliseconds; the answer is calls per second (sorts per second for the
// two sorts of 1,000 words).

// 1,000 words of Swedish letters (å, ä, ö sort after z in sv), the same
// every run.
function words() {
  const letters = "abcdefghijklmnopqrstuvwxyzåäöABCÅÄÖ";
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const out = [];
  for (let i = 0; i < 1000; i++) {
    let w = "";
    const n = 3 + Math.floor(next() * 8);
    for (let j = 0; j < n; j++) w += letters[Math.floor(next() * letters.length)];
    out.push(w);
  }
  return out;
}

// Calls of `op(i)` per second over about `ms` ms, in batches so that the
// clock is read rarely.
function rate(ms, batch, op) {
  for (let i = 0; i < batch; i++) op(i); // warm up
  let n = 0;
  let sink = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < ms) {
    for (let i = 0; i < batch; i++) sink += op(n + i).length;
    n += batch;
    t = performance.now();
  }
  if (sink === 0) throw new Error("nothing formatted");
  const r = (n * 1000) / (t - t0);
  return r < 100 ? Math.round(r * 10) / 10 : Math.round(r);
}

export function run(ms) {
  const eur = { style: "currency", currency: "EUR" };
  const ny = { timeZone: "America/New_York" };
  const nf = new Intl.NumberFormat("de-DE", eur);
  const dtf = new Intl.DateTimeFormat("en-US", ny);
  const sv = new Intl.Collator("sv");
  const list = words();
  const day = 86400000;
  const base = Date.UTC(2024, 0, 1, 12);
  return {
    "new NumberFormat(de-DE, EUR).format": rate(ms, 100, (i) => new Intl.NumberFormat("de-DE", eur).format(i * 1.37)),
    "cached NumberFormat.format": rate(ms, 100, (i) => nf.format(i * 1.37)),
    "n.toLocaleString(de-DE)": rate(ms, 100, (i) => (i * 1.37).toLocaleString("de-DE")),
    "n.toLocaleString(de-DE, EUR)": rate(ms, 100, (i) => (i * 1.37).toLocaleString("de-DE", eur)),
    "d.toLocaleDateString(en-US, NY)": rate(ms, 100, (i) => new Date(base + (i % 3650) * day).toLocaleDateString("en-US", ny)),
    "cached DateTimeFormat.format": rate(ms, 100, (i) => dtf.format(base + (i % 3650) * day)),
    "sort 1000 by localeCompare(sv)": rate(ms, 1, () => list.slice().sort((a, b) => a.localeCompare(b, "sv"))),
    "sort 1000 by Collator(sv).compare": rate(ms, 1, () => list.slice().sort(sv.compare)),
  };
}
