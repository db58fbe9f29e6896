import deepmerge from "deepmerge";

export default function () {
  return deepmerge({ a: [1], b: { c: 1, d: { e: 1 } } }, { a: [2], b: { d: { f: 2 } }, g: 3 });
}
