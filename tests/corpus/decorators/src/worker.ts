import { Expr, Named, Plain, Repo, Service, log, registry } from "./shapes.js";
import Default from "./default.js";
import { orderAnswer } from "./order.js";

const s = Service.make() as any;
const r = new Repo("cats") as any;
const p = new Plain("dogs") as any;
s.label = "renamed";
s.size = 7;
const answer = {
  service: {
    id: s.id,
    size: s.size,
    name: s.name,
    label: s.label,
    greet: s.greet("you"),
    dyn: s.dyn1(21),
    reveal: s.reveal(),
    replaced: s.replaced,
    count: (Service as any).count,
    shared: (Service as any).shared,
    className: Service.name,
    metadata: Object.keys((Service as any)[(Symbol as any).metadata] ?? {}),
  },
  repo: { table: r.table, rows: r.rows, id: r.id, inherited: r instanceof Service },
  plain: { extra: p.extra, table: p.table },
  expr: { v: new (Expr as any)().v, name: (Expr as any).name },
  named: Named.who(),
  default: new Default().run(),
  registry: registry.seen,
  log,
};

export default {
  async fetch() {
    const all = { ...answer, order: await orderAnswer() };
    return new Response(JSON.stringify(all), {
      headers: { "content-type": "application/json" },
    });
  },
};
