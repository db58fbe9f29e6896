import { Hono } from "hono";

export default async function () {
  const app = new Hono();
  app.get("/users/:id", (c) => c.json({ id: c.req.param("id"), q: c.req.query("q") }));
  app.notFound((c) => c.text("nope", 404));
  const a = await app.request("/users/42?q=x");
  const b = await app.request("/missing");
  return { a: [a.status, await a.json()], b: [b.status, await b.text()] };
}
