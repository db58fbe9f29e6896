// Intl.Collator, localeCompare and the locale case mappings: what Node 20
// prints.
export function run(print) {
  const words = ["zebra", "Äpfel", "apple", "Öl", "ångström", "Zürich", "ärlig", "offer", "item10", "item2", "Item1", "résumé", "resume", "Resume", "co-op", "coop", "a", "A", "á"];
  for (const [locale, options] of [
    ["en", {}], ["sv", {}], ["de", {}], ["de-u-co-phonebk", {}], ["en", { numeric: true }], ["en-u-kn", {}],
    ["en", { sensitivity: "base" }], ["en", { sensitivity: "accent" }], ["en", { sensitivity: "case" }],
    ["en", { caseFirst: "upper" }], ["en", { ignorePunctuation: true }], ["fr", { usage: "search", sensitivity: "base" }],
  ]) {
    const c = new Intl.Collator(locale, options);
    print(locale, JSON.stringify(options), [...words].sort(c.compare).join(" "));
    const r = c.resolvedOptions();
    print(" ", r.locale, r.usage, r.sensitivity, r.ignorePunctuation, r.collation, r.numeric, r.caseFirst);
  }
  print("a".localeCompare("b"), "b".localeCompare("a"), "a".localeCompare("a"), "ä".localeCompare("z", "sv"), "ä".localeCompare("z", "de"));
  print("a".localeCompare("A", undefined, { sensitivity: "base" }), "2".localeCompare("10", undefined, { numeric: true }));
  print(["b", "a", "C"].sort((x, y) => x.localeCompare(y)).join());
  print("istanbul".toLocaleUpperCase("tr"), "İSTANBUL".toLocaleLowerCase("tr"), "istanbul".toLocaleUpperCase("en"), "ΌΣΟΣ".toLocaleLowerCase("el"));
  print(String.prototype.localeCompare.length, String.prototype.localeCompare.name, String.prototype.toLocaleUpperCase.length);
  try {
    String.prototype.localeCompare.call(null, "a");
  } catch (e) {
    print(e.constructor.name);
  }
  try {
    "a".localeCompare("b", "not a tag!");
  } catch (e) {
    print(e.constructor.name);
  }
}
