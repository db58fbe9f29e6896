import _ from "lodash";

export default function () {
  return {
    chunk: _.chunk(["a", "b", "c", "d"], 3),
    grouped: _.groupBy([6.1, 4.2, 6.3], Math.floor),
    template: _.template("hello <%= user %>!")({ user: "fred" }),
    picked: _.pick({ a: 1, b: "2", c: 3 }, ["a", "c"]),
  };
}
