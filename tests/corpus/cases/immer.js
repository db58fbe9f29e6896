import { produce } from "immer";

export default function () {
  const base = [{ title: "Learn TypeScript", done: true }, { title: "Try Immer", done: false }];
  const next = produce(base, (draft) => {
    draft[1].done = true;
    draft.push({ title: "Tweet about it" });
  });
  return { base, next, shared: base[0] === next[0], frozen: Object.isFrozen(next) };
}
