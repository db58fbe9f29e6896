import escapeHtml from "escape-html";

export default function () {
  return escapeHtml(`<a href="x">'Tom' & "Jerry"</a>`);
}
