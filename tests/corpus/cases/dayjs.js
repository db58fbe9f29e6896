import dayjs from "dayjs";

export default function () {
  const d = dayjs(new Date(2024, 1, 28, 9, 5));
  return { next: d.add(1, "day").format("YYYY-MM-DD"), month: d.startOf("month").format("dddd D MMMM"), diff: d.diff(dayjs(new Date(2024, 0, 1)), "week") };
}
