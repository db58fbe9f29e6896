// The "database": a fixed list of items. A real app would fetch these.
export const ITEMS = [
  { id: 1, name: "QuickJS", summary: "A small, embeddable JavaScript engine.", tags: ["engine", "c"] },
  { id: 2, name: "Preact", summary: "A 4kB alternative to React with the same API.", tags: ["ui", "jsx"] },
  { id: 3, name: "esbuild", summary: "An extremely fast JavaScript bundler.", tags: ["build", "go"] },
];

export function findItem(id) {
  return ITEMS.find((item) => String(item.id) === id) ?? null;
}
