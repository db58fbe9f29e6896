// The page: a shell (header, catalogue) that needs no slow data, and two
// sections behind Suspense boundaries that wait for theirs. Each section
// takes its data as a promise (streamed: React sends the shell with the
// fallbacks first, then each section as its promise settles) or as a value
// (whole: the data was awaited before the render).
import { Suspense, use } from "react";

function settled(data) {
  return typeof data?.then === "function" ? use(data) : data;
}

function Price({ value }) {
  return <span className="price">${value.toFixed(2)}</span>;
}

function Catalogue({ products }) {
  return (
    <table id="catalogue">
      <thead>
        <tr>
          <th>Product</th>
          <th>Price</th>
          <th>Stock</th>
          <th>Tags</th>
        </tr>
      </thead>
      <tbody>
        {products.map((p) => (
          <tr key={p.id}>
            <td>
              <a href={`/product/${p.id}`}>{p.name}</a>
            </td>
            <td>
              <Price value={p.price} />
            </td>
            <td>{p.stock > 0 ? p.stock : "sold out"}</td>
            <td>
              {p.tags.map((t) => (
                <span key={t} className="tag">
                  {t}
                </span>
              ))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Recommendations({ data }) {
  const items = settled(data);
  return (
    <ul id="recommended">
      {items.map((p) => (
        <li key={p.id}>
          {p.name} <Price value={p.price} />
        </li>
      ))}
    </ul>
  );
}

function Reviews({ data }) {
  const items = settled(data);
  return (
    <ol id="reviews">
      {items.map((r) => (
        <li key={r.id}>
          <b>{"★".repeat(r.stars)}</b> {r.product}: {r.text}
        </li>
      ))}
    </ol>
  );
}

export function Page({ products, recommended, reviews }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>bext streaming SSR example</title>
      </head>
      <body>
        <header>
          <h1>Widgets</h1>
          <nav>
            <a href="/">streamed</a> | <a href="/whole">whole</a>
          </nav>
        </header>
        <main>
          <Catalogue products={products} />
          <h2>Recommended for you</h2>
          <Suspense fallback={<p className="loading">loading recommendations…</p>}>
            <Recommendations data={recommended} />
          </Suspense>
          <h2>Reviews</h2>
          <Suspense fallback={<p className="loading">loading reviews…</p>}>
            <Reviews data={reviews} />
          </Suspense>
        </main>
      </body>
    </html>
  );
}
