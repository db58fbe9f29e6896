// Intl.getCanonicalLocales, Intl.Locale, supportedLocalesOf and the
// errors of locale lists: what Node 20 prints.
export function run(print) {
  const tries = (f) => {
    try {
      return JSON.stringify(f());
    } catch (e) {
      return e.constructor.name;
    }
  };
  for (const list of [
    "EN-us", ["en-us", "EN-US", "de"], "zh-hant-tw", "sr-cyrl-rs", "en-u-ca-gregory-nu-latn", "de-DE-u-co-phonebk",
    "iw", "und", "en-GB-oed", "ja-JP-u-ca-japanese", "x-private", "en_US", "", "123", ["en", 5], null, [], "en-US-x-foo",
  ]) {
    print(JSON.stringify(list), tries(() => Intl.getCanonicalLocales(list)));
  }
  const loc = new Intl.Locale("en-latn-us-u-ca-gregory-hc-h12-kn-nu-arab");
  print(loc.toString(), loc.baseName, loc.language, loc.script, loc.region, loc.calendar, loc.hourCycle, loc.numeric, loc.numberingSystem, loc.caseFirst, loc.collation);
  const built = new Intl.Locale("de", { region: "AT", calendar: "buddhist", numeric: true, caseFirst: "upper", collation: "phonebk", hourCycle: "h23" });
  print(built.toString(), built.numeric, built.caseFirst);
  print(new Intl.Locale("en").maximize().toString(), new Intl.Locale("zh-TW").maximize().toString(), new Intl.Locale("en-Latn-US").minimize().toString(), new Intl.Locale("sr-Cyrl-RS").minimize().toString());
  print(Object.prototype.toString.call(loc), String(new Intl.Locale(loc)), typeof Intl, Object.prototype.toString.call(Intl));
  print(tries(() => new Intl.Locale("en", { region: "ABC" })), tries(() => Intl.Locale("en")), tries(() => new Intl.Locale(5)));
  print(Intl.Collator.supportedLocalesOf(["sv", "de-AT", "xx-YY"]).join());
  print(tries(() => Intl.supportedValuesOf("bogus")), Intl.supportedValuesOf("unit").includes("kilometer"), Intl.supportedValuesOf("currency").includes("EUR"));
  print(Intl.getCanonicalLocales.length, Intl.NumberFormat.length, Intl.Collator.length, Intl.PluralRules.length, Intl.Locale.length);
  print(JSON.stringify(Object.getOwnPropertyDescriptor(Intl.NumberFormat, "prototype")));
  print(JSON.stringify(Object.getOwnPropertyDescriptor(Intl.NumberFormat.prototype, "format").get.name));
  print(typeof new Intl.NumberFormat().format, new Intl.NumberFormat().format.name === "", Intl.NumberFormat() instanceof Intl.NumberFormat);
}
