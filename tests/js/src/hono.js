// A Hono app, answered from its standard `fetch` export (export default app).
import { Hono } from "hono";

const app = new Hono();

// Middleware: runs around every route and marks the answer.
app.use("*", async (c, next) => {
  await next();
  c.header("x-middleware", "hono");
});

app.get("/", (c) => c.text("hono home"));

app.get("/users/:id", (c) => c.json({ id: c.req.param("id"), q: c.req.query("q") ?? null }));

app.post("/echo", async (c) => {
  const data = await c.req.json();
  return c.json({ echo: data }, 201);
});

// A multipart upload: the file comes back as it arrived.
app.post("/upload", async (c) => {
  const form = await c.req.parseBody();
  const file = form.file;
  const bytes = new Uint8Array(await file.arrayBuffer());
  return c.body(bytes, 200, {
    "content-type": "application/octet-stream",
    "x-file-name": file.name,
    "x-file-type": file.type,
    "x-title": String(form.title),
  });
});

app.get("/env", (c) => c.json({ greeting: c.env.GREETING ?? null }));

app.notFound((c) => c.text("no such page", 404));

export default app;
