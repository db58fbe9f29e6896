import equal from "fast-deep-equal";

export default function () {
  return [equal({ foo: "bar", n: [1, 2] }, { foo: "bar", n: [1, 2] }), equal({ a: 1 }, { a: 2 })];
}
