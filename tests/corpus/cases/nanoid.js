import { customAlphabet, nanoid } from "nanoid";

export default function () {
  const id = nanoid();
  const digits = customAlphabet("1234567890", 10)();
  return { len: id.length, url: /^[\w-]+$/.test(id), digits: /^\d{10}$/.test(digits) };
}
