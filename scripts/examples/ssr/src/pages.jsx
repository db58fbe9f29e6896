// One component per route.
import { Layout, Tags } from "./components.jsx";
import { Filter } from "./filter.jsx";

export function HomePage({ items }) {
  return (
    <Layout title="bext SSR example">
      <h1>bext SSR example</h1>
      <p>{items.length} items, rendered on the server:</p>
      <div id="filter">
        <Filter items={items} />
      </div>
      <script
        id="filter-data"
        type="application/json"
        dangerouslySetInnerHTML={{ __html: JSON.stringify(items).replace(/</g, "\\u003c") }}
      />
      <script type="module" src="/assets/client.js" />
      <p>
        The same data as JSON: <a href="/api/items">/api/items</a>
      </p>
    </Layout>
  );
}

export function ItemPage({ item }) {
  return (
    <Layout title={`${item.name} - bext SSR example`}>
      <h1>{item.name}</h1>
      <p>{item.summary}</p>
      <p>
        <Tags tags={item.tags} />
      </p>
      <p>
        <a href="/">&larr; All items</a>
      </p>
    </Layout>
  );
}

export function NotFoundPage({ path }) {
  return (
    <Layout title="Not found - bext SSR example">
      <h1>404: not found</h1>
      <p>
        Nothing lives at <code>{path}</code>.
      </p>
      <p>
        <a href="/">&larr; Home</a>
      </p>
    </Layout>
  );
}
