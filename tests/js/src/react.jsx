// React's streaming SSR (renderToReadableStream) from `export default { fetch }`.
// GET / streams a page whose second part waits on a promise that only
// GET /release resolves; GET /buffered renders a whole page at once.
// GET /data?ms=N streams a page whose data comes N ms later, and
// GET /data-buffered?ms=N sends the same page whole (scripts/bench/web.sh).
import { Suspense, use } from "react";
import { renderToReadableStream } from "react-dom/server";

let release = null;

function Late({ promise }) {
  const text = use(promise);
  return <p id="late">{text}</p>;
}

function Page({ promise }) {
  return (
    <html lang="en">
      <head>
        <title>streaming</title>
      </head>
      <body>
        <h1>first chunk</h1>
        <Suspense fallback={<p>loading</p>}>
          <Late promise={promise} />
        </Suspense>
      </body>
    </html>
  );
}

const html = { "content-type": "text/html; charset=utf-8" };

export default {
  async fetch(request) {
    const { pathname, searchParams } = new URL(request.url);
    if (pathname === "/data" || pathname === "/data-buffered") {
      const ms = Number(searchParams.get("ms") || 50);
      const data = new Promise((resolve) => setTimeout(() => resolve("released content"), ms));
      const stream = await renderToReadableStream(<Page promise={data} />);
      if (pathname === "/data") return new Response(stream, { headers: html });
      await stream.allReady;
      return new Response(await new Response(stream).text(), { headers: html });
    }
    if (pathname === "/release") {
      if (release === null) return new Response("nothing to release", { status: 409 });
      release("released content");
      release = null;
      return new Response("released");
    }
    if (pathname === "/buffered") {
      const stream = await renderToReadableStream(<Page promise={Promise.resolve("released content")} />);
      await stream.allReady;
      return new Response(await new Response(stream).text(), { headers: html });
    }
    const promise = new Promise((resolve) => {
      release = resolve;
    });
    const stream = await renderToReadableStream(<Page promise={promise} />, { signal: request.signal });
    return new Response(stream, { headers: html });
  },
};
