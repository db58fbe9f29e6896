import YAML from "yaml";

export default function () {
  return { parsed: YAML.parse("3.14159\n"), doc: YAML.parse("- a\n- b: [1, 2]\n"), made: YAML.stringify({ a: [true, null], s: "x: y" }) };
}
