import { DateTime, Duration } from "luxon";

export default function () {
  const dt = DateTime.fromISO("2024-03-10T12:00:00Z", { zone: "utc" });
  return {
    plus: dt.plus({ days: 3, hours: 2 }).toISO(),
    fmt: dt.toFormat("yyyy LLL dd"),
    dur: Duration.fromObject({ hours: 2, minutes: 7 }).toFormat("hh:mm"),
  };
}
