import * as yaml from "js-yaml";

export default function () {
  const doc = yaml.load("greeting: hello\nlist:\n  - 1\n  - two\nnested: { a: true }\n");
  return { doc, dumped: yaml.dump({ a: [1, 2], b: "x: y" }) };
}
