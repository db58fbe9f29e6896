// Intl.NumberFormat, toLocaleString and PluralRules: what Node 20 prints.
const show = (v) => JSON.stringify(v);
// resolvedOptions() with its keys sorted: Node 20 lists them in an older
// edition's order.
const sorted = (o) => JSON.stringify(Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1))));
const parts = (p) => p.map((x) => `${x.type}:${x.value}`).join("|");

export function run(print) {
  const cases = [
    ["de-DE", { style: "currency", currency: "EUR" }, [1234.5, -1234.5, 0, 1e6]],
    ["en-US", { style: "currency", currency: "USD" }, [1234.5, -0.5, 1234567.891]],
    ["en-US", { style: "currency", currency: "JPY" }, [1234.5]],
    // ja-JP's yen sign is the fullwidth ￥ in Node 20's CLDR, ¥ in newer CLDR (ICU4X's).
    ["en-US", { style: "currency", currency: "EUR", currencyDisplay: "code" }, [12.5]],
    ["en-US", { style: "currency", currency: "EUR", currencyDisplay: "name" }, [1, 12.5]],
    ["fr-FR", { style: "currency", currency: "EUR" }, [1234.5]],
    ["en-IN", { style: "currency", currency: "INR" }, [12345678.9]],
    ["en-US", { style: "currency", currency: "USD", currencySign: "accounting" }, [-5, 5]],
    ["en-US", { style: "percent" }, [0.256, -0.5, 1]],
    ["de-DE", { style: "percent", maximumFractionDigits: 1 }, [0.2567]],
    ["en-US", { style: "unit", unit: "kilometer-per-hour" }, [50, 1.5]],
    ["en-US", { style: "unit", unit: "kilometer-per-hour", unitDisplay: "long" }, [50, 1]],
    ["en-US", { style: "unit", unit: "liter", unitDisplay: "narrow" }, [3]],
    ["de-DE", { style: "unit", unit: "megabyte" }, [512]],
    ["en-US", { notation: "compact" }, [1234, 1500000, 999999, 12, 0.5, -4321]],
    ["en-US", { notation: "compact", compactDisplay: "long" }, [1234, 2500000000]],
    ["de-DE", { notation: "compact" }, [1234, 1500000]],
    ["en-US", { notation: "scientific" }, [123456, 0.00012, 0]],
    ["en-US", { notation: "engineering" }, [123456, 0.00012]],
    ["en-US", { maximumSignificantDigits: 3 }, [123456, 0.0012345, 9.999]],
    ["en-US", { minimumFractionDigits: 2 }, [1, 1.005, 10.12345]],
    ["en-US", { signDisplay: "always" }, [1, -1, 0, -0]],
    ["en-US", { signDisplay: "exceptZero" }, [1, -1, 0, -0]],
    ["en-US", { signDisplay: "negative" }, [1, -1, 0, -0]],
    ["en-US", { useGrouping: false }, [1234567.5]],
    ["en-US", { roundingMode: "floor", maximumFractionDigits: 0 }, [1.7, -1.2]],
    ["en-US", { roundingIncrement: 5, minimumFractionDigits: 2, maximumFractionDigits: 2 }, [1.234, 1.276]],
    ["en-US", { maximumFractionDigits: 2, trailingZeroDisplay: "stripIfInteger" }, [1.001, 1.5]],
    ["en-US", { minimumIntegerDigits: 3 }, [5, 1234]],
    ["en-US", {}, [NaN, Infinity, -Infinity, 123456789012345680000, 1e21, "1234.5678901234567890123", 12345678901234567890n]],
    ["ar-EG", {}, [1234.5]],
    ["hi-IN", {}, [12345678]],
    ["sv-SE", {}, [-1234.5]],
    ["de-CH", {}, [1234567.5]],
  ];
  for (const [locale, options, values] of cases) {
    const nf = new Intl.NumberFormat(locale, options);
    for (const v of values) print(locale, show(options), String(v), show(nf.format(v)), parts(nf.formatToParts(v)));
  }
  print((1234.5).toLocaleString("de-DE"), (1234.5).toLocaleString(), (123456789n).toLocaleString("en-IN"));
  print((0.5).toLocaleString("en-US", { style: "percent" }), [1234.5, 2].toLocaleString("de-DE"));
  print(sorted(new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).resolvedOptions()));
  print(sorted(new Intl.NumberFormat("en", { notation: "compact" }).resolvedOptions()));
  print(sorted(new Intl.NumberFormat("en-US", { maximumSignificantDigits: 3, roundingPriority: "lessPrecision" }).resolvedOptions()));
  print(Intl.NumberFormat.supportedLocalesOf(["de-DE", "zz", "en-US-u-nu-arab"]).join());
  for (const bad of [{ style: "currency" }, { style: "unit" }, { currency: "EURO" }, { unit: "furlong" }, { minimumFractionDigits: 5, maximumFractionDigits: 2 }, { roundingIncrement: 3 }, { maximumSignificantDigits: 0 }]) {
    try {
      new Intl.NumberFormat("en", bad);
      print("no error", show(bad));
    } catch (e) {
      print(e.constructor.name, show(bad));
    }
  }
  // Plural rules.
  for (const [locale, type, values] of [
    ["en", "cardinal", [0, 1, 2, 1.5]],
    ["en", "ordinal", [1, 2, 3, 4, 11, 21, 22, 23, 101]],
    ["ar", "cardinal", [0, 1, 2, 3, 11, 100, 102]],
    ["ru", "cardinal", [1, 2, 5, 11, 21, 22, 25, 1.5]],
    ["pl", "cardinal", [1, 2, 5, 12, 22, 25]],
    ["fr", "cardinal", [0, 1, 1.5, 2, 1000000]],
  ]) {
    const pr = new Intl.PluralRules(locale, { type });
    print(locale, type, values.map((v) => `${v}=${pr.select(v)}`).join(" "), pr.resolvedOptions().pluralCategories.sort().join());
  }
  print(new Intl.PluralRules("en", { minimumFractionDigits: 1 }).select(1));
  print(new Intl.PluralRules("en").selectRange(1, 2), new Intl.PluralRules("ru").selectRange(1, 5), new Intl.PluralRules("fr").selectRange(0, 1));
  // Node 20 answers "en" for en-US here (its plural data is by language)
  // and lacks the rounding options of later editions.
  const { type, minimumIntegerDigits, minimumFractionDigits, maximumFractionDigits } = new Intl.PluralRules("en-US").resolvedOptions();
  print(type, minimumIntegerDigits, minimumFractionDigits, maximumFractionDigits);
  // A range whose ends show the same: the approximately sign before all.
  const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
  print(usd.formatRange(2.9, 3.1), new Intl.NumberFormat("en", { style: "percent" }).formatRange(0.029, 0.031), new Intl.NumberFormat("en").formatRange(-3, -3));
  print(usd.formatRangeToParts(2.9, 3.1).map((p) => `${p.type}:${p.value}:${p.source}`).join("|"));
  // CLDR's NaN where it is not "NaN".
  for (const locale of ["zh-TW", "zh-HK", "zh", "ru", "fi", "hy", "lv", "kk", "ky", "ar-u-nu-latn", "fa-u-nu-latn", "de", "ja"]) {
    print(locale, new Intl.NumberFormat(locale).format(NaN), new Intl.NumberFormat(locale, { signDisplay: "always" }).format(NaN));
  }
}
