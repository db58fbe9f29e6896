// `bext.jobs` for handlers: spawn(), get() and cancel(). Evaluated inside
// the prelude's module (see prelude.rs) and called by the glue (glue.js),
// which hands bextd's replies to `jobReply`.
(function (host, deps) {
  "use strict";
  const { LEVEL, currentTrace } = deps;
  // `bext.jobs` for handlers. spawn() returns the id at once (the worker
  // names the job and checks its script and memory); get() and cancel() are
  // answered by bextd (jobReply settles their promises).
  const jobQueries = new Map();
  function jobAsk(kind, id) {
    const query = host.jobCall(kind, String(id));
    return new Promise((resolve, reject) => jobQueries.set(query, { resolve, reject }));
  }
  function jobReply(query, ok, text) {
    const q = jobQueries.get(query);
    if (!q) {
      // A spawn (which returned its id at once) that bextd refused.
      if (!ok) host.log(LEVEL.error, `bext.jobs.spawn: bextd refused the job: ${text}`);
      return;
    }
    jobQueries.delete(query);
    if (ok) q.resolve(JSON.parse(text));
    else q.reject(new Error(text));
  }
  const jobs = Object.freeze({
    spawn(script, options) {
      const o = options == null ? {} : options;
      if (typeof o !== "object") throw new TypeError("bext.jobs.spawn: options must be an object");
      const data = JSON.stringify(o.data === undefined ? null : o.data) ?? "null";
      const num = (v) => (v == null ? undefined : v instanceof Date ? v.getTime() : Number(v));
      const u = o.unique;
      if (u != null && typeof u !== "object") throw new TypeError("bext.jobs.spawn: unique must be { key, for }");
      const queue = JSON.stringify({
        retryOnRestart: !!(o.retryOnRestart || o.retry_on_restart),
        maxAttempts: num(o.maxAttempts),
        backoff: num(o.backoff),
        runAt: num(o.runAt),
        delay: num(o.delay),
        priority: num(o.priority),
        unique: u == null ? undefined : { key: u.key == null ? "" : String(u.key), for: num(u.for) },
      });
      // Spawned in a sampled request: the job's run links to this span.
      const t = currentTrace();
      const link = t !== undefined && t.sampled ? `00-${t.trace}-${t.span}-01` : undefined;
      const answer = host.jobSpawn(String(script ?? ""), !!o.daemon, o.memory == null ? "" : String(o.memory),
        o.timeout == null ? 0 : Number(o.timeout), data, queue, link);
      const space = answer.indexOf(" ");
      // A unique job: bextd answers with the job of that key, maybe an
      // older one, so the id comes as a promise.
      if (u != null) {
        const query = Number(answer.slice(0, space));
        return new Promise((resolve, reject) => jobQueries.set(query, { resolve, reject }));
      }
      return answer.slice(space + 1);
    },
    get: (id) => jobAsk("get", id),
    cancel: (id) => jobAsk("cancel", id),
  });
  return { jobs, jobReply };
})
