import createDebug from "debug";
import { format } from "node:util";

// debug's Node build: tty.isatty() picks plain output, util.inspect
// formats %o/%O, and its default log writes to process.stderr.
export default function () {
  const lines = [];
  createDebug.inspectOpts.hideDate = true;
  createDebug.enable("app:*,-app:quiet");
  const log = createDebug("app:main");
  log.log = (...a) => lines.push(format(...a));
  log("hello %s, %d items, %o", "world", 3, { a: 1, b: [1, 2] });
  log("json %j and %O", { x: [1, 2] }, { deep: { er: true } });
  const child = log.extend("child");
  child.log = log.log;
  child("from %s", "child");
  const quiet = createDebug("app:quiet");
  const plain = createDebug("app:stderr");
  plain("written to stderr");
  return {
    lines,
    enabled: [log.enabled, child.enabled, quiet.enabled, plain.enabled],
    useColors: log.useColors,
    namespace: child.namespace,
    humanize: [createDebug.humanize(1500), createDebug.humanize(3600000)],
    disabled: createDebug.disable(),
  };
}
