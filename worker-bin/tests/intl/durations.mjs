// Intl.DurationFormat (Node 20 has none): ECMA-402's formatting, each unit
// by NumberFormat and the units joined by ListFormat, with the locale's
// digital separator from CLDR's durationUnit patterns.
const show = (p) => p.map((x) => `${x.type}:${x.value}${x.unit ? "@" + x.unit : ""}`).join("|");

export function run(print) {
  const d = { years: 1, months: 2, weeks: 3, days: 4, hours: 5, minutes: 6, seconds: 7, milliseconds: 8, microseconds: 9, nanoseconds: 10 };
  for (const locale of ["en", "de", "fr", "ja"]) {
    for (const style of ["long", "short", "narrow", "digital"]) {
      print(locale, style, new Intl.DurationFormat(locale, { style }).format(d));
    }
  }
  const digital = { hours: 1, minutes: 2, seconds: 3, milliseconds: 450 };
  for (const locale of ["en", "da", "fi", "sv"]) print(locale, new Intl.DurationFormat(locale, { style: "digital" }).format(digital));
  print(new Intl.DurationFormat("en", { style: "digital", fractionalDigits: 2 }).format(digital));
  print(new Intl.DurationFormat("en", { style: "digital" }).format({ hours: -1, minutes: -2, seconds: -3 }));
  print(new Intl.DurationFormat("en", { style: "long" }).format({ hours: 0, minutes: -30 }));
  print(new Intl.DurationFormat("en", { minutes: "numeric" }).format({ hours: 2, minutes: 5, seconds: 9 }));
  print(new Intl.DurationFormat("en", { seconds: "long", milliseconds: "numeric" }).format({ seconds: 1, milliseconds: 500 }));
  print(show(new Intl.DurationFormat("en", { style: "digital" }).formatToParts({ days: 1, hours: 2, minutes: 3, seconds: 4 })));
  print(show(new Intl.DurationFormat("en", { style: "long" }).formatToParts({ hours: 1, minutes: 30 })));
  print(JSON.stringify(new Intl.DurationFormat("de-u-nu-arab", { hours: "numeric" }).resolvedOptions()));
  for (const f of [
    () => new Intl.DurationFormat("en").format({}),
    () => new Intl.DurationFormat("en").format("PT1H"),
    () => new Intl.DurationFormat("en").format({ hours: 1.5 }),
    () => new Intl.DurationFormat("en").format({ hours: 1, minutes: -1 }),
    () => new Intl.DurationFormat("en", { hours: "numeric", minutes: "long" }),
    () => Intl.DurationFormat("en"),
  ]) {
    try {
      print("no error", f());
    } catch (e) {
      print(e.constructor.name);
    }
  }
}
