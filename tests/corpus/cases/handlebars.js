import Handlebars from "handlebars";

export default function () {
  const template = Handlebars.compile("Hello {{name}}! {{#each items}}<{{this}}>{{/each}} {{{raw}}} {{esc}}");
  return template({ name: "bext", items: ["a", "b"], raw: "<b>", esc: "<i>" });
}
