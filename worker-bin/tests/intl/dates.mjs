// Intl.DateTimeFormat and Date's toLocale*String in time zones: what Node
// 20 prints. Instants around the DST changes of New York and Berlin, a
// half-hour zone, the styles and the everyday components.
//
// Where the data differ: CLDR 42+ puts a narrow no-break space (U+202F)
// before AM/PM, which ICU4X keeps and Node 20's ICU turns back into a
// space, so both are compared with it as a space. Components choose their
// pattern as CLDR's skeletons do (de-DE's 15.1.2024, ja-JP's 2024/1/15):
// see the matrix at the end.
const space = (s) => s.replace(/\u202f/g, " ");
const show = (p) => space(p.map((x) => `${x.type}:${x.value}`).join("|"));

export function run(print) {
  const instants = [
    Date.UTC(2024, 0, 15, 15, 4, 5, 123),
    Date.UTC(2024, 2, 10, 6, 59, 59), // New York: the last second of EST
    Date.UTC(2024, 2, 10, 7, 0, 0), // New York: the first of EDT
    Date.UTC(2024, 2, 31, 0, 59, 59), // Berlin: the last second of CET
    Date.UTC(2024, 2, 31, 1, 0, 0), // Berlin: the first of CEST
    Date.UTC(2024, 10, 3, 5, 30, 0), // New York: the repeated hour
    Date.UTC(1999, 11, 31, 23, 59, 59),
    Date.UTC(1970, 0, 1),
  ];
  const zones = ["America/New_York", "Europe/Berlin", "Asia/Kolkata", "UTC", "Australia/Lord_Howe"];
  for (const timeZone of zones) {
    const dtf = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });
    for (const t of instants) print(timeZone, t, dtf.format(t));
  }
  const t = instants[0];
  for (const [locale, options] of [
    ["en-US", {}], ["en-GB", {}], ["fr-FR", {}], ["ja-JP", { dateStyle: "long" }], ["zh-CN", {}],
    ["en-US", { dateStyle: "full" }], ["en-US", { dateStyle: "long" }], ["en-US", { dateStyle: "medium" }], ["en-US", { dateStyle: "short" }],
    ["de-DE", { dateStyle: "full" }], ["de-DE", { dateStyle: "medium" }],
    ["en-US", { timeStyle: "short" }], ["en-US", { timeStyle: "medium" }], ["de-DE", { timeStyle: "short" }],
    ["en-US", { dateStyle: "medium", timeStyle: "short" }],
    ["en-US", { year: "numeric", month: "long", day: "numeric" }],
    ["en-US", { month: "short", day: "numeric" }],
    ["en-US", { year: "numeric", month: "long" }],
    ["en-US", { hour: "numeric", minute: "2-digit" }],
    ["en-US", { hour: "numeric", minute: "2-digit", hour12: false }],
    ["de-DE", { hour: "2-digit", minute: "2-digit" }],
    ["en-US", { weekday: "long" }],
  ]) {
    const dtf = new Intl.DateTimeFormat(locale, { timeZone: "America/New_York", ...options });
    print(locale, JSON.stringify(options), space(dtf.format(t)), show(dtf.formatToParts(t)));
  }
  const d = new Date(t);
  print(d.toLocaleDateString("en-US", { timeZone: "Europe/Berlin" }), space(d.toLocaleTimeString("en-US", { timeZone: "Asia/Kolkata" })));
  print(space(d.toLocaleString("en-US", { timeZone: "America/New_York" })), d.toLocaleDateString("de-DE", { timeZone: "UTC", dateStyle: "long" }));
  print(space(d.toLocaleString("en-US", { timeZone: "UTC", timeZoneName: "short" })));
  print(d.toLocaleDateString("en-US", { timeZone: "UTC", weekday: "long", year: "numeric", month: "long", day: "numeric" }));
  // (A link's name, Asia/Kolkata, is kept as given by later editions of
  // ECMA-402; Node 20 answers ICU's Asia/Calcutta.)
  const ro = new Intl.DateTimeFormat("en-US", { timeZone: "america/new_york", hour: "numeric" }).resolvedOptions();
  print(ro.locale, ro.calendar, ro.numberingSystem, ro.timeZone, ro.hourCycle, ro.hour12, ro.hour);
  print(new Intl.DateTimeFormat("en-US", { timeZone: "UTC" }).resolvedOptions().timeZone, new Intl.DateTimeFormat("en", { timeZone: "Etc/GMT" }).resolvedOptions().timeZone);
  for (const bad of [{ timeZone: "Mars/Olympus" }, { dateStyle: "full", year: "numeric" }, { hour: "3-digit" }, { fractionalSecondDigits: 4 }]) {
    try {
      new Intl.DateTimeFormat("en", bad);
      print("no error");
    } catch (e) {
      print(e.constructor.name);
    }
  }
  try {
    new Intl.DateTimeFormat("en").format(NaN);
  } catch (e) {
    print(e.constructor.name);
  }
  print(new Date(NaN).toLocaleString(), Intl.supportedValuesOf("timeZone").includes("America/New_York"));
  // Components choose a pattern the way CLDR's skeletons do (Node's ICU):
  // de's { day, month: "short", year } is "3. Nov. 2024", not the medium
  // date's "03.11.2024".
  const nov3 = Date.UTC(2024, 10, 3, 12);
  for (const locale of ["en-US", "de-DE", "fr-FR", "ja-JP", "zh-CN", "ru-RU", "ar-EG"]) {
    for (const options of [
      { day: "numeric", month: "long", year: "numeric" },
      { day: "numeric", month: "short", year: "numeric" },
      { day: "numeric", month: "narrow", year: "numeric" },
      { day: "numeric", month: "numeric", year: "numeric" },
      { day: "2-digit", month: "2-digit", year: "numeric" },
      { day: "numeric", month: "short" },
      { day: "numeric", month: "numeric" },
      { month: "long", year: "numeric" },
      { month: "short", year: "numeric" },
      { weekday: "long", day: "numeric", month: "long", year: "numeric" },
      { weekday: "short", day: "numeric", month: "short", year: "numeric" },
      { weekday: "short", day: "numeric", month: "short" },
      { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" },
      { weekday: "short", day: "numeric", month: "short", hour: "numeric", minute: "2-digit" },
      { day: "numeric", month: "long", year: "numeric", hour: "numeric", minute: "2-digit" },
    ]) {
      const dtf = new Intl.DateTimeFormat(locale, { timeZone: "UTC", ...options });
      print(locale, JSON.stringify(options), space(dtf.format(nov3)), show(dtf.formatToParts(nov3)));
    }
    print(locale, space(new Date(nov3).toLocaleDateString(locale, { timeZone: "UTC", day: "numeric", month: "short", year: "numeric" })));
  }
}
