// date-fns-tz's Intl-backed parts: zone names (short and long, generic
// offsets) and offsets read with DateTimeFormat's formatToParts across
// zones and DST edges, zoned dates built back and forth.
import { formatInTimeZone, fromZonedTime, toZonedTime, getTimezoneOffset, format } from "date-fns-tz";
import { enGB, de } from "date-fns/locale";

export default function () {
  const zones = [
    "America/New_York", "Europe/London", "Europe/Berlin", "Asia/Tokyo", "Asia/Kolkata", "Australia/Sydney",
    "America/Los_Angeles", "America/St_Johns", "Pacific/Apia", "UTC",
  ];
  const instants = [Date.UTC(2024, 0, 15, 12), Date.UTC(2024, 6, 15, 12), Date.UTC(2024, 2, 31, 0, 59), Date.UTC(2024, 2, 31, 1, 0)];
  const out = {};
  for (const z of zones) {
    out[z] = instants.map((t) =>
      [
        formatInTimeZone(t, z, "yyyy-MM-dd HH:mm:ss XXX"),
        formatInTimeZone(t, z, "zzz"),
        formatInTimeZone(t, z, "zzzz"),
        getTimezoneOffset(z, new Date(t)),
      ].join(" | "),
    );
  }
  out.locales = [
    formatInTimeZone(instants[1], "Europe/Berlin", "EEEE d MMMM yyyy HH:mm zzzz", { locale: de }),
    formatInTimeZone(instants[0], "Europe/London", "PPpp zzz", { locale: enGB }),
  ];
  out.roundTrip = zones.map((z) => fromZonedTime(toZonedTime(instants[2], z), z).toISOString());
  out.fromLocal = ["2024-03-10 02:30:00", "2024-11-03 01:30:00", "2024-07-04 18:00:00"].map((s) =>
    fromZonedTime(s, "America/New_York").toISOString(),
  );
  out.format = format(toZonedTime(instants[0], "Asia/Tokyo"), "yyyy-MM-dd HH:mm zzz", { timeZone: "Asia/Tokyo" });
  return out;
}
