import { z } from "zod";

export default function () {
  const User = z.object({ name: z.string(), age: z.number().int().positive() });
  const ok = User.safeParse({ name: "Ada", age: 36 });
  const bad = User.safeParse({ name: 1, age: -1 });
  return { ok: ok.data, bad: bad.error.issues.map((i) => [i.path.join("."), i.code]) };
}
