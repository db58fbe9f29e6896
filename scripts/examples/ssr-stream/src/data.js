// The "database": a catalogue made up from its index (the same in every
// process), and two slower sources whose answers come `ms` milliseconds
// later, as a real app's queries would.
const COLOURS = ["red", "green", "blue", "amber", "slate", "teal"];

export const PRODUCTS = Array.from({ length: 120 }, (_, i) => ({
  id: i + 1,
  name: `${COLOURS[i % COLOURS.length]} widget ${i + 1}`,
  price: ((i * 37) % 9000) / 100 + 5,
  stock: (i * 13) % 40,
  tags: COLOURS.filter((_, j) => (i + j) % 4 === 0),
}));

export function later(ms, value) {
  return new Promise((resolve) => setTimeout(() => resolve(value), ms));
}

export function recommendations() {
  return PRODUCTS.filter((p) => p.stock > 30).slice(0, 8);
}

export function reviews() {
  return Array.from({ length: 12 }, (_, i) => ({
    id: i + 1,
    product: PRODUCTS[(i * 7) % PRODUCTS.length].name,
    stars: 1 + ((i * 3) % 5),
    text: `Review ${i + 1}: ${"solid, ".repeat(1 + (i % 3))}would buy again.`,
  }));
}
