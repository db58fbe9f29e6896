import { formatInTimeZone, fromZonedTime, toZonedTime, getTimezoneOffset } from "date-fns-tz";

export default function () {
  const instant = new Date(Date.UTC(2024, 2, 10, 6, 59, 59));
  const later = new Date(Date.UTC(2024, 2, 10, 7, 0, 0));
  return {
    ny: formatInTimeZone(instant, "America/New_York", "yyyy-MM-dd HH:mm:ss zzz XXX"),
    nyAfter: formatInTimeZone(later, "America/New_York", "yyyy-MM-dd HH:mm:ss zzz XXX"),
    kolkata: formatInTimeZone(instant, "Asia/Kolkata", "yyyy-MM-dd HH:mm XXX"),
    berlin: formatInTimeZone(new Date(Date.UTC(2024, 9, 27, 0, 30)), "Europe/Berlin", "yyyy-MM-dd HH:mm:ss XXX"),
    utcOf: fromZonedTime("2024-06-01 09:00:00", "Europe/Berlin").toISOString(),
    offset: getTimezoneOffset("America/New_York", instant),
    zonedHour: toZonedTime(instant, "Asia/Tokyo").getUTCHours() >= 0,
  };
}
