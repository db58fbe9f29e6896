import ms from "ms";

export default function () {
  return [ms("2 days"), ms("1d"), ms("10h"), ms(60000), ms(2 * 60000, { long: true })];
}
