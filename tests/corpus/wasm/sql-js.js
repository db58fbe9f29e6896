// sql.js: SQLite compiled by Emscripten; in Node (and bext, whose
// `process.versions.node` says so) it reads sql-wasm.wasm next to its
// script with `fs`, then runs an in-memory database.
import initSqlJs from "sql.js";
import { createHash } from "node:crypto";

export default async function () {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, score REAL, tags TEXT)");
  const insert = db.prepare("INSERT INTO t (name, score, tags) VALUES (?, ?, ?)");
  for (const row of [["ada", 9.5, "a,b"], ["bob", 7.25, "b"], ["cy", 8, null], ["dee", 6.5, "c"]]) insert.run(row);
  insert.free();
  const query = db.exec(
    "SELECT name, score, length(name) AS len, upper(coalesce(tags, '-')) AS tags FROM t WHERE score > 7 ORDER BY score DESC",
  );
  const grouped = db.exec("SELECT count(*), sum(score), round(avg(score), 3), group_concat(name, '|') FROM t");
  const file = db.export();
  db.close();
  return {
    query,
    grouped,
    file: { bytes: file.length, sha256: createHash("sha256").update(file).digest("hex") },
  };
}
