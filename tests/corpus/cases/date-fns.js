import { addDays, differenceInCalendarDays, format, formatDistance } from "date-fns";

export default function () {
  const d = new Date(2024, 0, 15, 10, 30);
  return {
    formatted: format(addDays(d, 20), "yyyy-MM-dd HH:mm EEEE"),
    days: differenceInCalendarDays(new Date(2024, 11, 25), d),
    distance: formatDistance(new Date(2024, 0, 18), d),
  };
}
