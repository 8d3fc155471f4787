// D1 Time Travel around a deployment (docs/runbook.md "A migration went wrong"): the bookmark of each
// database before its migrations, and the command that puts the database back to it.

/** The D1 bindings migrations touch: the main database, then every history shard the environment binds. */
export const migratedBindings = (config) => {
  const bound = (config.d1_databases ?? []).map((db) => db.binding);
  return ["DB", ...bound.filter((binding) => /^HISTORY_\d+$/.test(binding)), ...bound.filter((b) => b === "LAW_DB")];
};

/** `wrangler d1 time-travel info <binding> --json` prints `{"bookmark": "…"}`; anything else is an error. */
export function bookmarkOf(stdout) {
  const start = stdout.indexOf("{");
  const end = stdout.lastIndexOf("}");
  let parsed;
  try {
    parsed = JSON.parse(stdout.slice(start, end + 1));
  } catch {
    throw new Error(`wrangler не ответил JSON: ${stdout.trim().slice(0, 300)}`);
  }
  if (typeof parsed?.bookmark !== "string" || !/^[\w-]+$/.test(parsed.bookmark))
    throw new Error(`в ответе wrangler нет закладки: ${JSON.stringify(parsed).slice(0, 300)}`);
  return parsed.bookmark;
}

/** The command that restores `binding` to `bookmark` (it overwrites everything written since). */
export const restoreCommand = (binding, bookmark, envName, configFlag = []) =>
  ["npx wrangler d1 time-travel restore", binding, `--bookmark=${bookmark}`, "--env", envName, ...configFlag].join(" ");
