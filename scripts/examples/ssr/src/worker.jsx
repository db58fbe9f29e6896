// bext worker entry: routes the request and renders a full HTML document.
// esbuild bundles this file (and preact) into dist/worker.js, one ES module.
import { renderToString } from "preact-render-to-string";
import { ITEMS, findItem } from "./data.js";
import { HomePage, ItemPage, NotFoundPage } from "./pages.jsx";

const HTML = { "content-type": "text/html; charset=utf-8" };
const JSON_TYPE = { "content-type": "application/json; charset=utf-8" };

function page(status, vnode) {
  return { status, headers: HTML, body: "<!DOCTYPE html>" + renderToString(vnode) };
}

function decode(segment) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null; // malformed %-escape: treat as not found
  }
}

function route(path) {
  if (path === "/") {
    return page(200, <HomePage items={ITEMS} />);
  }
  if (path === "/api/items") {
    return { status: 200, headers: JSON_TYPE, body: JSON.stringify({ items: ITEMS }) };
  }
  const m = /^\/item\/([^/]+)\/?$/.exec(path);
  if (m) {
    const item = findItem(decode(m[1]));
    if (item) return page(200, <ItemPage item={item} />);
  }
  return page(404, <NotFoundPage path={path} />);
}

export function startup() {
  console.log(`ssr worker ready: preact SSR, ${ITEMS.length} items`);
}

export function handler(req) {
  if (req.method !== "GET" && req.method !== "HEAD") {
    return {
      status: 405,
      headers: { allow: "GET, HEAD", "content-type": "text/plain; charset=utf-8" },
      body: "method not allowed\n",
    };
  }
  return route(req.path);
}
