import qs from "qs";

export default function () {
  return { parsed: qs.parse("a[b][c]=d&e[]=1&e[]=2"), made: qs.stringify({ a: { b: "c" }, d: [1, 2] }) };
}
