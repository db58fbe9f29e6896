import camelCase from "camelcase";

export default function () {
  return [camelCase("foo-bar"), camelCase("Foo-Bar", { pascalCase: true }), camelCase(["__foo__", "--bar"])];
}
