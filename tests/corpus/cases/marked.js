import { marked } from "marked";

export default function () {
  return marked.parse("# Marked in the browser\n\nRendered by **marked**.\n\n- a\n- b\n");
}
