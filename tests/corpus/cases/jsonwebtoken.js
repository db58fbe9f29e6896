import jwt from "jsonwebtoken";

export default function () {
  const token = jwt.sign({ foo: "bar", iat: 1700000000 }, "shhhhh");
  return { token, decoded: jwt.verify(token, "shhhhh") };
}
