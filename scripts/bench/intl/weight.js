// The Intl weight part of scripts/bench/intl.sh: GET / answers without
// touching Intl; GET /intl formats a price and a date in a zone (the
// everyday use), GET /all uses every Intl service once.
export function handler(req) {
  if (req.path === "/intl") {
    const price = new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(1234.5);
    const day = new Date(0).toLocaleDateString("en-US", { timeZone: "America/New_York", dateStyle: "full" });
    return `${price} ${day}`;
  }
  if (req.path === "/all") {
    return [
      new Intl.NumberFormat("ja", { notation: "compact" }).format(123456),
      new Intl.DateTimeFormat("fr", { dateStyle: "long", timeStyle: "long", timeZone: "Asia/Tokyo" }).format(0),
      ["ä", "z", "a"].sort(new Intl.Collator("sv").compare).join(),
      new Intl.PluralRules("ar").select(3),
      new Intl.RelativeTimeFormat("es").format(-3, "day"),
      new Intl.ListFormat("de").format(["a", "b", "c"]),
      [...new Intl.Segmenter("en", { granularity: "word" }).segment("Hello, world")].length,
      new Intl.DisplayNames("en", { type: "region" }).of("DE"),
      "İ".toLocaleLowerCase("tr"),
    ].join(" | ");
  }
  return "hello";
}
