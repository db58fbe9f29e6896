import * as cookie from "cookie";

export default function () {
  return { parsed: cookie.parse("foo=bar; equation=E%3Dmc%5E2"), made: cookie.serialize("foo", "bar baz", { httpOnly: true, maxAge: 60 }) };
}
