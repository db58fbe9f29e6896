import { dequal } from "dequal";

export default function () {
  return [dequal({ a: [1, { b: new Date(0) }] }, { a: [1, { b: new Date(0) }] }), dequal(new Map([[1, 2]]), new Map([[1, 3]]))];
}
