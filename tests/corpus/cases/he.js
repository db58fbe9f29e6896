import he from "he";

export default function () {
  return [he.encode("foo © bar ≠ baz 𝌆 qux"), he.decode("foo &copy; bar &ne; baz &#x1D306; qux")];
}
