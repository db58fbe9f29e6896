// node:perf_hooks: marks, measures, entries, observers, timerify.
import { performance, PerformanceObserver, PerformanceMark, PerformanceEntry } from "node:perf_hooks";
import perf from "perf_hooks";

const shape = (e) => `${e.constructor.name} ${e.name} ${e.entryType} ${typeof e.startTime} ${e.duration >= 0} ${JSON.stringify(e.detail)}`;

export async function run(print) {
  print("same", perf.performance === performance, performance === globalThis.performance);
  performance.clearMarks();
  performance.clearMeasures();
  const seen = [];
  const obs = new PerformanceObserver((list, o) => {
    seen.push(list.getEntries().map((e) => `${e.entryType}:${e.name}`).join(","));
    print("observer this", o === obs, typeof list.getEntriesByName);
  });
  obs.observe({ entryTypes: ["mark", "measure"] });
  const a = performance.mark("a", { detail: { x: 1 } });
  print("mark", shape(a), a.duration, a instanceof PerformanceMark, a instanceof PerformanceEntry);
  await new Promise((r) => setTimeout(r, 2));
  const b = performance.mark("b");
  print("mark b", shape(b), b.startTime >= a.startTime);
  const m = performance.measure("a to b", "a", "b");
  print("measure", shape(m), m.startTime === a.startTime, m.duration === b.startTime - a.startTime);
  const m2 = performance.measure("from a", { start: "a", detail: "d" });
  print("measure options", shape(m2), m2.startTime === a.startTime);
  const m3 = performance.measure("dur", { start: 1, duration: 5 });
  print("measure duration", m3.startTime, m3.duration);
  const m4 = performance.measure("whole");
  print("measure whole", m4.startTime, m4.duration > 0);
  print("entries", performance.getEntries().map((e) => e.name).join("|"));
  print("by type", performance.getEntriesByType("mark").map((e) => e.name).join("|"));
  print("by name", performance.getEntriesByName("a").length, performance.getEntriesByName("a", "measure").length);
  try {
    performance.measure("bad", "nope");
  } catch (e) {
    print("unknown mark", e.name, e.message);
  }
  try {
    performance.mark();
  } catch (e) {
    print("no name", e.name, e.code);
  }
  try {
    performance.measure("x", { start: 1, end: 2, duration: 3 });
  } catch (e) {
    print("bad options", e.name, e.code);
  }
  await new Promise((r) => setTimeout(r, 5));
  print("observed", seen.join(" / "));
  obs.disconnect();
  performance.clearMarks("a");
  print("after clearMarks a", performance.getEntriesByType("mark").map((e) => e.name).join("|"));
  performance.clearMeasures();
  print("after clearMeasures", performance.getEntriesByType("measure").length);
  const double = performance.timerify(function double(x) { return x * 2; });
  print("timerify", double.name, double(21), double.length);
  print("supported", PerformanceObserver.supportedEntryTypes.includes("mark"),
    PerformanceObserver.supportedEntryTypes.includes("measure"));
  print("toJSON", Object.keys(b.toJSON()).join(","));
}
