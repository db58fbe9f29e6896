import { compile, match } from "path-to-regexp";

export default function () {
  const fn = match("/user/:id");
  const toPath = compile("/user/:id");
  return { matched: fn("/user/123"), none: fn("/invalid"), path: toPath({ id: "name" }) };
}
