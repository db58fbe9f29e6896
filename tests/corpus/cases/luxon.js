import { DateTime, Duration } from "luxon";

export default function () {
  const dt = DateTime.fromISO("2024-03-10T12:00:00Z", { zone: "utc" });
  // The same instant in zones (across New York's DST change), formatted
  // through Intl: luxon's zones and its localized formats need it.
  const ny = dt.setZone("America/New_York");
  const berlin = DateTime.fromISO("2024-10-27T00:30:00Z").setZone("Europe/Berlin");
  return {
    plus: dt.plus({ days: 3, hours: 2 }).toISO(),
    fmt: dt.toFormat("yyyy LLL dd"),
    dur: Duration.fromObject({ hours: 2, minutes: 7 }).toFormat("hh:mm"),
    ny: ny.toISO(),
    nyOffset: ny.offset,
    nyEarlier: ny.minus({ hours: 8 }).toISO(),
    nyFormat: ny.toFormat("yyyy-MM-dd HH:mm ZZZZ"),
    berlin: berlin.toISO(),
    berlinLater: berlin.plus({ hours: 2 }).toISO(),
    kolkata: dt.setZone("Asia/Kolkata").toFormat("dd LLLL yyyy HH:mm"),
    de: dt.setLocale("de").toFormat("dd. LLLL yyyy"),
    full: dt.setZone("Europe/Berlin").setLocale("en-GB").toLocaleString(DateTime.DATE_FULL),
    relative: dt.plus({ days: 3 }).toRelative({ base: dt }),
  };
}
