// shiki: syntax highlighting with the Oniguruma regex engine compiled to
// wasm (shipped gzipped and base64-inlined, so DecompressionStream too).
import { codeToHtml } from "shiki";

export default async function () {
  const js = await codeToHtml('const answer = 6 * 7; // ok\nfunction greet(name) { return `hi ${name}`; }\n', {
    lang: "javascript",
    theme: "github-dark",
  });
  const rust = await codeToHtml('fn main() {\n    let v: Vec<u8> = vec![1, 2];\n    println!("{v:?}");\n}\n', {
    lang: "rust",
    theme: "vitesse-light",
  });
  return { js, rust };
}
