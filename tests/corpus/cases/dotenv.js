// dotenv loading the app root's .env (its default path: process.cwd()),
// into an object of its own so the worker's environment stays as it is.
import dotenv from "dotenv";

export default function () {
  const env = {};
  const { parsed, error } = dotenv.config({ processEnv: env, quiet: true });
  const missing = dotenv.config({ path: "no-such.env", processEnv: {}, quiet: true }).error;
  return { parsed, error: error ?? null, env, missing: missing && [missing.code, missing.syscall] };
}
