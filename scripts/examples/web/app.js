// The shape of Cloudflare Workers, Deno and Bun: a default export with
// fetch(request, env, ctx) that answers a web Response.
const hello = new URLPattern({ pathname: "/hello/:name" });

/** @type {import("@bext/types").FetchApp<{ GREETING: string }>} */
export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    const match = hello.exec(url);
    if (match) {
      ctx.waitUntil(Promise.resolve().then(() => console.log(`greeted ${match.pathname.groups.name}`)));
      return Response.json({ greeting: `${env.GREETING}, ${match.pathname.groups.name}!` });
    }
    if (url.pathname === "/upload" && request.method === "POST") {
      const form = await request.formData(); // multipart or urlencoded; file bytes intact
      const files = [];
      for (const [field, value] of form) {
        if (value instanceof File) files.push({ field, name: value.name, type: value.type, size: value.size });
      }
      return Response.json({ files }, { status: 201 });
    }
    if (url.pathname === "/countdown") {
      // Sent as it is produced: a line every 200 ms.
      const lines = ["3...", "2...", "1...", "liftoff!"];
      const body = new ReadableStream({
        async pull(controller) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          controller.enqueue(`${lines.shift()}\n`);
          if (lines.length === 0) controller.close();
        },
      });
      return new Response(body.pipeThrough(new TextEncoderStream()), {
        headers: { "content-type": "text/plain; charset=utf-8" },
      });
    }
    return new Response(`${env.GREETING} from ${request.method} ${url.pathname}\n`);
  },
};
