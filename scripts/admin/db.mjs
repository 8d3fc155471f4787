// What the CLI does on the database directly, through `wrangler d1 execute` (local state or --remote).
import { wrangler } from "../lib/local.mjs";
import { CliError } from "./errors.mjs";

export const sqlString = (s) => `'${String(s).replaceAll("'", "''")}'`;

/** `target`: {remote: true, env} for production, else {persistTo} of a local state folder. */
export function query(target, sql) {
  const where = target.remote
    ? ["--remote", "--env", target.env ?? "production"]
    : ["--local", "--persist-to", target.persistTo];
  let out;
  try {
    out = wrangler(["d1", "execute", "DB", ...where, "--json", "--command", sql]);
  } catch (error) {
    const reason = String(error.stderr || error.stdout || error.message)
      .trim()
      .split("\n")
      .slice(-3)
      .join("\n");
    throw new CliError(`База данных не ответила (wrangler d1 execute): ${reason}`);
  }
  return JSON.parse(out).flatMap((r) => r.results ?? []);
}
