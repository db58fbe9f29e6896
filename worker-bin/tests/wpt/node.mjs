// The Node side of the WPT runner (main.rs): runs the host.mjs job in the
// file named by argv[2] and prints the answer.
import { readFileSync } from "node:fs";
import { runWpt } from "./host.mjs";

const job = JSON.parse(readFileSync(process.argv[2], "utf8"));
process.stdout.write(JSON.stringify(await runWpt(job)));
