import { camelCase, debounce, merge, sortBy } from "lodash-es";

export default function () {
  return {
    camel: camelCase("Foo Bar"),
    merged: merge({ a: [{ b: 2 }] }, { a: [{ c: 3 }] }),
    sorted: sortBy([{ u: "fred", a: 48 }, { u: "barney", a: 36 }], ["a"]),
    debounced: typeof debounce(() => 1, 10),
  };
}
