// The browser's bundle: hydrates the filter island the server rendered.
// build.sh writes it to dist/assets/client.js (and client.js.gz beside
// it), which bext.toml's [[static]] entry serves at /assets/client.js.
import { hydrate } from "preact";
import { Filter } from "./filter.jsx";

const root = document.getElementById("filter");
const data = document.getElementById("filter-data");
if (root && data) hydrate(<Filter items={JSON.parse(data.textContent)} />, root);
