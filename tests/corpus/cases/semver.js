import semver from "semver";

export default function () {
  return [
    semver.valid("1.2.3"),
    semver.valid("a.b.c"),
    semver.clean("  =v1.2.3   "),
    semver.satisfies("1.2.3", "1.x || >=2.5.0 || 5.0.0 - 7.2.3"),
    semver.gt("1.2.3", "9.8.7"),
    semver.minVersion(">=1.0.0"),
  ].map(String);
}
