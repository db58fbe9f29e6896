import Ajv from "ajv";

export default function () {
  const ajv = new Ajv();
  const validate = ajv.compile({
    type: "object",
    properties: { foo: { type: "integer" }, bar: { type: "string" } },
    required: ["foo"],
    additionalProperties: false,
  });
  return { good: validate({ foo: 1, bar: "abc" }), bad: validate({ bar: 1 }), errors: validate.errors.map((e) => e.message) };
}
