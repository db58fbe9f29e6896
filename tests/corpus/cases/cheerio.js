// An HTML parser through its main entry, which imports undici (node:net,
// node:http, node:diagnostics_channel, node:console, streams...) at load:
// parse a page, query it, change it and serialize it back.
import * as cheerio from "cheerio";

export default function () {
  const $ = cheerio.load(
    `<html><head><title>Menu &amp; more</title></head><body>
      <ul id="menu"><li class="dish hot">Curry <b>£9</b></li><li class="dish">Salad <b>£6</b></li></ul>
      <p data-note="x&quot;y">Open <a href="/hours">daily</a></p></body></html>`,
  );
  const dishes = $("li.dish").map((_, el) => ({ name: $(el).contents().first().text().trim(), price: $(el).find("b").text() })).get();
  $("li.hot").addClass("spicy").attr("data-level", "3");
  $("#menu").append('<li class="dish">Soup <b>£4</b></li>');
  $("a").attr("href", (_, v) => "https://example.com" + v);
  return {
    title: $("title").text(),
    dishes,
    count: $("li").length,
    note: $("p").data("note"),
    menu: $.html("#menu"),
    text: $("p").text(),
    xml: cheerio.load("<r><i a='1'/></r>", { xml: true }).xml(),
    hasFromURL: typeof cheerio.fromURL,
  };
}
