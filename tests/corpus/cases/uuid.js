import { v4 as uuidv4, v5 as uuidv5, validate, version } from "uuid";

export default function () {
  const id = uuidv4();
  return { valid: validate(id), version: version(id), v5: uuidv5("hello", "1b671a64-40d5-491e-99b0-da01ff1f3341") };
}
