// A template engine reading its templates (and an include) from the app
// tree: ejs.renderFile reads them through node:fs; the path comes from
// import.meta.url.
import ejs from "ejs";
import fs from "node:fs";
import { fileURLToPath } from "node:url";

export default async function () {
  const file = fileURLToPath(new URL("../templates/page.ejs", import.meta.url));
  const data = { title: "<Menu>", items: [{ name: "tea", price: 2 }, { name: "cake", price: 3.5 }] };
  const fromFile = await ejs.renderFile(file, data);
  const fromString = ejs.render(fs.readFileSync(file, "utf8"), data, { filename: file });
  const cb = await new Promise((res, rej) => ejs.renderFile(file, data, (e, s) => (e ? rej(e) : res(s))));
  let missing;
  try {
    await ejs.renderFile(fileURLToPath(new URL("../templates/nope.ejs", import.meta.url)), data);
  } catch (e) {
    missing = [e.code, e.syscall];
  }
  return { fromFile, same: fromFile === fromString && fromFile === cb, missing };
}
