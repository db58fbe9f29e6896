// Shared UI: the document shell and the item list.

const STYLE = `
  body { font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
  header a { color: inherit; text-decoration: none; }
  ul.items { padding-left: 1.2rem; }
  .tag { display: inline-block; background: #eef; border-radius: 4px; padding: 0 .4rem; margin-right: .3rem; font-size: .85em; }
  footer { margin-top: 3rem; font-size: .8em; color: #777; }
`;

export function Layout({ title, children }) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <style dangerouslySetInnerHTML={{ __html: STYLE }} />
      </head>
      <body>
        <header>
          <a href="/">bext SSR example</a>
        </header>
        <main>{children}</main>
        <footer>Rendered by Preact inside a bext QuickJS worker.</footer>
      </body>
    </html>
  );
}

export function ItemList({ items }) {
  return (
    <ul class="items">
      {items.map((item) => (
        <li key={item.id}>
          <a href={`/item/${item.id}`}>{item.name}</a> &mdash; {item.summary}
        </li>
      ))}
    </ul>
  );
}

export function Tags({ tags }) {
  return (
    <>
      {tags.map((tag) => (
        <span class="tag" key={tag}>
          {tag}
        </span>
      ))}
    </>
  );
}
