import superjson from "superjson";

export default function () {
  const { json, meta } = superjson.serialize({ date: new Date(0), set: new Set([1, 2]), big: 10n, re: /a+/g });
  const back = superjson.parse(superjson.stringify({ d: new Date(5) }));
  return { json, meta, back: back.d instanceof Date && back.d.getTime() };
}
