import * as v from "valibot";

export default function () {
  const Login = v.object({ email: v.pipe(v.string(), v.email()), password: v.pipe(v.string(), v.minLength(8)) });
  const ok = v.safeParse(Login, { email: "jane@example.com", password: "12345678" });
  const bad = v.safeParse(Login, { email: "jane", password: "1" });
  return { ok: [ok.success, ok.output], bad: [bad.success, bad.issues.map((i) => i.message)] };
}
