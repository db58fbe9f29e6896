import clsx from "clsx";

export default function () {
  return clsx("foo", true && "bar", { baz: false, bat: true }, ["x", { y: 1 }]);
}
