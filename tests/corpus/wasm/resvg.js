// @resvg/resvg-wasm: an SVG rendered to PNG by resvg compiled to wasm; the
// app hands initWasm its .wasm file's bytes, read with node:fs.
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import { readFile } from "node:fs/promises";
import { createHash } from "node:crypto";

let ready;

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48" viewBox="0 0 64 48">
  <defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#0a7"/><stop offset="1" stop-color="#07a"/></linearGradient></defs>
  <rect x="4" y="4" width="40" height="30" rx="4" fill="url(#g)" stroke="#333" stroke-width="2"/>
  <circle cx="44" cy="30" r="12" fill="rgba(200,40,40,0.6)"/>
  <path d="M6 44 Q32 20 58 44" fill="none" stroke="#f80" stroke-width="3"/>
</svg>`;

export default async function () {
  ready ??= readFile(new URL("../node_modules/@resvg/resvg-wasm/index_bg.wasm", import.meta.url)).then(initWasm);
  await ready;
  const image = new Resvg(SVG, { fitTo: { mode: "width", value: 128 } }).render();
  const png = image.asPng();
  return {
    width: image.width,
    height: image.height,
    bytes: png.length,
    sha256: createHash("sha256").update(png).digest("hex"),
  };
}
