// Intl.Locale's information (Node 20 has it as getters, ECMA-402 now as
// methods): what Node 20 prints, where its ICU and ICU4X's CLDR agree
// (ICU4X has no hour cycle by region alone: de-u-rg-uszzzz is h23 here,
// h12 in Node).
const get = (l, name) => {
  const method = l[`get${name[0].toUpperCase()}${name.slice(1)}`];
  return typeof method === "function" ? method.call(l) : l[name];
};

export function run(print) {
  for (const tag of ["en-US", "en-GB", "de", "fr-CA", "en-CA", "ja", "en-u-hc-h11", "en-US-u-rg-gbzzzz"]) {
    print(tag, "hourCycles", JSON.stringify(get(new Intl.Locale(tag), "hourCycles")));
  }
  for (const tag of ["en-US", "ja-JP", "th", "ko", "zh-TW", "hi", "en-u-ca-japanese"]) {
    print(tag, "calendars", JSON.stringify(get(new Intl.Locale(tag), "calendars")));
  }
  for (const tag of ["en-US", "en-GB", "de", "ar-EG", "fa-IR", "he", "en-IN", "en-u-fw-wed"]) {
    const w = get(new Intl.Locale(tag), "weekInfo");
    print(tag, "weekInfo", w.firstDay, JSON.stringify(w.weekend));
  }
  for (const tag of ["en", "ar", "he", "fa", "ur", "zh", "ja"]) {
    print(tag, "textInfo", JSON.stringify(get(new Intl.Locale(tag), "textInfo")));
  }
  for (const tag of ["sv-SE", "ja-JP", "de-DE", "fr", "pt-PT"]) {
    print(tag, "timeZones", JSON.stringify(get(new Intl.Locale(tag), "timeZones")));
  }
  for (const tag of ["de", "es", "en", "en-u-co-emoji"]) {
    print(tag, "collations", JSON.stringify([...get(new Intl.Locale(tag), "collations")].sort()));
  }
  print(new Intl.Locale("sl-rozaj-biske").baseName);
}
