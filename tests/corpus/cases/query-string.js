import queryString from "query-string";

export default function () {
  return {
    parsed: queryString.parse("?foo=bar&foo=baz&n=1", { parseNumbers: true }),
    made: queryString.stringify({ b: 1, a: [2, 3], c: null }),
    url: queryString.parseUrl("https://foo.bar?foo=bar"),
  };
}
