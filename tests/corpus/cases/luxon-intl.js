// luxon's Intl-backed parts: localized formats and presets (DateTimeFormat
// with zones, time zone names, hour cycles), month and weekday names
// (Info), relative times (RelativeTimeFormat), human durations
// (NumberFormat's units, ListFormat), intervals (formatRange), numbering
// systems and zones' offsets across their history.
//
// Left out, where bext (ICU4X) and Node 20 (ICU) differ: fr's offset
// minus sign (U+2212 in ICU). V8 writes a plain space where CLDR has a
// narrow one (before AM/PM) and around a range's dash; the answers are
// compared with those spaces made plain.
import { DateTime, Duration, Info, Interval } from "luxon";

const plain = (out) => JSON.parse(JSON.stringify(out).replace(/[\u202f\u2009]/g, " "));

export default function () {
  const dt = DateTime.fromISO("2024-11-03T05:30:00Z", { zone: "utc" });
  const ny = dt.setZone("America/New_York");
  const out = {
    presets: {},
    names: {},
  };
  for (const [name, preset] of Object.entries({
    DATE_SHORT: DateTime.DATE_SHORT,
    DATE_MED: DateTime.DATE_MED,
    DATE_FULL: DateTime.DATE_FULL,
    DATE_HUGE: DateTime.DATE_HUGE,
    TIME_SIMPLE: DateTime.TIME_SIMPLE,
    TIME_24_WITH_SECONDS: DateTime.TIME_24_WITH_SECONDS,
    DATETIME_MED: DateTime.DATETIME_MED,
    DATETIME_FULL: DateTime.DATETIME_FULL,
  })) {
    const locales = name === "DATETIME_FULL" ? ["en-US", "en-GB", "de"] : ["en-US", "en-GB", "fr", "de", "ja"];
    out.presets[name] = locales.map((l) => ny.setLocale(l).toLocaleString(preset));
  }
  out.ny = [ny.toISO(), ny.offsetNameShort, ny.offsetNameLong, ny.isInDST, ny.minus({ hours: 2 }).isInDST];
  out.tokens = ny.setLocale("es").toFormat("cccc d 'de' LLLL yyyy, h:mm a ZZZZ");
  out.zones = ["Asia/Kathmandu", "Australia/Lord_Howe", "Europe/Dublin", "America/Sao_Paulo", "Pacific/Chatham"].map((z) => {
    const d = DateTime.fromISO("1990-07-01T12:00:00Z", { zone: "utc" }).setZone(z);
    return `${z} ${d.toISO()} ${d.offsetNameShort}`;
  });
  out.names.months = Info.months("long", { locale: "fr" });
  out.names.monthsShort = Info.months("short", { locale: "de" });
  out.names.weekdays = Info.weekdays("long", { locale: "es" });
  out.names.meridiems = Info.meridiems({ locale: "en-US" });
  out.names.eras = Info.eras("short", { locale: "en" });
  out.relative = [
    dt.plus({ days: 3 }).toRelative({ base: dt }),
    dt.minus({ hours: 5 }).toRelative({ base: dt, locale: "de" }),
    dt.minus({ months: 2 }).toRelative({ base: dt, style: "short" }),
    dt.plus({ days: 1 }).toRelativeCalendar({ base: dt }),
    dt.minus({ days: 1 }).toRelativeCalendar({ base: dt, locale: "fr" }),
  ];
  const d = Duration.fromObject({ days: 1, hours: 2, minutes: 30 });
  out.human = [d.toHuman(), d.reconfigure({ locale: "de" }).toHuman({ unitDisplay: "short" }), d.toHuman({ listStyle: "narrow" })];
  const iv = Interval.fromDateTimes(dt, dt.plus({ days: 2 }));
  out.interval = [iv.toLocaleString(), iv.toLocaleString(DateTime.DATETIME_MED)];
  out.numbering = ny.reconfigure({ locale: "ar-EG", numberingSystem: "arab" }).toFormat("yyyy-MM-dd");
  out.parse = DateTime.fromFormat("3 novembre 2024 14:05", "d LLLL yyyy HH:mm", { locale: "fr", zone: "Europe/Paris" }).toISO();
  out.resolved = ny.setLocale("de-CH").resolvedLocaleOptions();
  return plain(out);
}
