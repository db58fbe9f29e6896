// Intl.RelativeTimeFormat, Intl.ListFormat and Intl.Segmenter: what Node
// 20 prints.
const show = (p) => p.map((x) => `${x.type}:${x.value}${x.unit ? "@" + x.unit : ""}`).join("|");

export function run(print) {
  for (const [locale, options] of [["en", {}], ["en", { numeric: "auto" }], ["en", { style: "short" }], ["de", {}], ["de", { numeric: "auto" }], ["es", { numeric: "auto" }], ["ja", {}]]) {
    const rtf = new Intl.RelativeTimeFormat(locale, options);
    for (const [v, u] of [[-3, "day"], [1, "day"], [-1, "day"], [0, "day"], [2, "weeks"], [-1, "month"], [1000, "year"], [-1.5, "hour"], [5, "seconds"], [1, "quarter"]]) {
      print(locale, JSON.stringify(options), v, u, rtf.format(v, u), show(rtf.formatToParts(v, u)));
    }
  }
  for (const [locale, options] of [["en", {}], ["en", { type: "disjunction" }], ["en", { style: "short", type: "unit" }], ["de", {}], ["es", {}], ["ja", {}], ["en-GB", {}]]) {
    const lf = new Intl.ListFormat(locale, options);
    for (const list of [[], ["a"], ["a", "b"], ["apples", "pears", "plums"]]) print(locale, JSON.stringify(options), lf.format(list), show(lf.formatToParts(list)));
  }
  const words = (locale, s) => [...new Intl.Segmenter(locale, { granularity: "word" }).segment(s)].map((x) => `${x.segment}${x.isWordLike ? "*" : ""}@${x.index}`).join(" ");
  print(words("en", "Hello, world! It's 3.5 o'clock."));
  print(words("ja", "今日は良い天気です。"));
  print([...new Intl.Segmenter("en").segment("e\u0301👨‍👩‍👧🇸🇪x")].map((x) => x.segment).join("|"));
  print([...new Intl.Segmenter("en", { granularity: "sentence" }).segment("Hi there. How are you? Fine!")].map((x) => JSON.stringify(x.segment)).join("|"));
  const seg = new Intl.Segmenter("en", { granularity: "word" }).segment("one two");
  print(JSON.stringify(seg.containing(5)), JSON.stringify(seg.containing(3)), seg.containing(99), JSON.stringify(seg.containing(-1)));
  print(JSON.stringify(new Intl.Segmenter("fr").resolvedOptions()), JSON.stringify(new Intl.ListFormat("de").resolvedOptions()), JSON.stringify(new Intl.RelativeTimeFormat("de-AT").resolvedOptions()));
  for (const f of [() => new Intl.RelativeTimeFormat("en").format(1, "decade"), () => Intl.ListFormat("en"), () => new Intl.ListFormat("en").format([1, 2]), () => new Intl.Segmenter("en", { granularity: "line" })]) {
    try {
      f();
      print("no error");
    } catch (e) {
      print(e.constructor.name);
    }
  }
  print(Object.prototype.toString.call(new Intl.Segmenter().segment("a")[Symbol.iterator]()));
  // DisplayNames: languages, regions and scripts (ICU4X has no currency,
  // calendar or date field names yet, and its newer CLDR names zh-Hant
  // "Traditional Mandarin Chinese" where Node 20's says "Traditional Chinese").
  const lang = new Intl.DisplayNames("en", { type: "language" });
  print(lang.of("de"), lang.of("en-GB"), lang.of("fr-CA"), lang.of("pt-BR"), new Intl.DisplayNames("en", { type: "language", languageDisplay: "standard" }).of("en-GB"));
  // (Codes in their canonical case: Node 20 answers a lower-case region or
  // script code as it was given, where the spec upper- or title-cases it.)
  const region = new Intl.DisplayNames("de", { type: "region" });
  print(region.of("US"), region.of("419"), region.of("DE"), new Intl.DisplayNames("en", { type: "script" }).of("Latn"), new Intl.DisplayNames("en", { type: "region", fallback: "none" }).of("XZ"));
  print(JSON.stringify(lang.resolvedOptions()));
  for (const f of [() => new Intl.DisplayNames("en"), () => lang.of("en_US"), () => new Intl.DisplayNames("en", { type: "region" }).of("USA")]) {
    try {
      f();
      print("no error");
    } catch (e) {
      print(e.constructor.name);
    }
  }
}
