// bext worker entry (`export default { fetch }`), bundled by esbuild with
// React into dist/worker.js. The same bundle runs in Node (node.mjs).
//
//   GET /?ms=N       streamed: renderToReadableStream sends the shell at
//                    once, each Suspense section when its data (N ms and
//                    2N ms late) is in
//   GET /whole?ms=N  the same page whole: the data awaited, then
//                    renderToString
import { renderToReadableStream, renderToString } from "react-dom/server";
import { PRODUCTS, later, recommendations, reviews } from "./data.js";
import { Page } from "./page.jsx";

const HTML = { "content-type": "text/html; charset=utf-8" };

export default {
  async fetch(request) {
    const url = new URL(request.url);
    const ms = Math.min(Math.max(Number(url.searchParams.get("ms") ?? 200) || 0, 0), 10000);
    const recommended = later(ms, recommendations());
    const reviewed = later(2 * ms, reviews());
    if (url.pathname === "/") {
      const stream = await renderToReadableStream(
        <Page products={PRODUCTS} recommended={recommended} reviews={reviewed} />,
        { signal: request.signal, onError: (e) => console.error("render:", e) },
      );
      return new Response(stream, { headers: HTML });
    }
    if (url.pathname === "/whole") {
      const [rec, rev] = await Promise.all([recommended, reviewed]);
      const html = renderToString(<Page products={PRODUCTS} recommended={rec} reviews={rev} />);
      return new Response(`<!DOCTYPE html>${html}`, { headers: HTML });
    }
    return new Response("not found\n", { status: 404, headers: { "content-type": "text/plain" } });
  },
};
