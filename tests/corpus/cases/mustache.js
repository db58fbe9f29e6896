import Mustache from "mustache";

export default function () {
  return Mustache.render("{{title}} spends {{calc}} {{#items}}[{{.}}]{{/items}} {{html}}", {
    title: "Joe",
    calc: () => 2 + 4,
    items: [1, 2],
    html: "<b>",
  });
}
