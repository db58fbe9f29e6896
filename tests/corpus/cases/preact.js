import { h } from "preact";
import { render } from "preact-render-to-string";

export default function () {
  const App = ({ name }) => h("div", { class: "foo" }, h("h1", null, `Hello ${name}`), h("p", null, "<escaped>"));
  return render(h(App, { name: "bext" }));
}
