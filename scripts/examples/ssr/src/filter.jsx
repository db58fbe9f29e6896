// An island: the item list with a filter box. The server renders it with
// the items (and writes them into the page as JSON); the client bundle
// (src/client.jsx, served by bextd from [[static]]) hydrates it.
import { useState } from "preact/hooks";
import { ItemList } from "./components.jsx";

export function Filter({ items }) {
  const [q, setQ] = useState("");
  const shown = items.filter((i) => (i.name + " " + i.tags.join(" ")).toLowerCase().includes(q.toLowerCase()));
  return (
    <div>
      <input type="search" placeholder="Filter by name or tag" value={q} onInput={(e) => setQ(e.currentTarget.value)} />
      <ItemList items={shown} />
    </div>
  );
}
