import { Router, json } from "itty-router";

export default async function () {
  const router = Router();
  router.get("/todos/:id", ({ params, query }) => json({ id: params.id, q: query.q }));
  router.all("*", () => new Response("not found", { status: 404 }));
  const r = await router.fetch(new Request("https://x.test/todos/7?q=a"));
  const m = await router.fetch(new Request("https://x.test/else"));
  return [r.status, await r.json(), m.status];
}
