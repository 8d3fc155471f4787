// What must be true before a production deployment: no placeholder ids, every needed secret set.
import { readFileSync } from "node:fs";
import { parse } from "smol-toml";

/** The production environment of wrangler.toml (its own vars and bindings; nothing is inherited). */
export function productionConfig(tomlPath, envName = "production") {
  const config = parse(readFileSync(tomlPath, "utf8"));
  const env = config.env?.[envName];
  if (!env) throw new Error(`В wrangler.toml нет окружения [env.${envName}]`);
  return env;
}

const placeholder = (id) => !id || /REPLACE|^0+$|^0{8}-0{4}-0{4}-0{4}-0{12}$/.test(String(id));

/** Human descriptions of ids still left as placeholders. */
export function placeholderProblems(env, envName = "production") {
  const problems = [];
  for (const db of env.d1_databases ?? []) {
    if (placeholder(db.database_id))
      problems.push(
        `D1 ${db.binding} (${db.database_name}): database_id — заглушка «${db.database_id ?? ""}»; создайте базу: ` +
          `wrangler d1 create ${db.database_name}`,
      );
  }
  for (const kv of env.kv_namespaces ?? []) {
    if (placeholder(kv.id))
      problems.push(
        `KV ${kv.binding}: id — заглушка «${kv.id ?? ""}»; создайте: wrangler kv namespace create ${kv.binding} ` +
          `--env ${envName}`,
      );
  }
  return problems;
}

/** The secrets docs/secrets.md says this configuration needs, each with the reason. */
export function requiredSecrets(vars = {}) {
  const needed = [
    ["JWT_SECRET", "подпись токенов входа"],
    ["PRIVACY_KEY", "шифрование скрытых от модели персональных данных"],
    ["INTERNAL_TOKEN", "внутренний API для чат-ботов"],
  ];
  if (vars.PAYMENT_PROVIDER === "yookassa") {
    needed.push(
      ["YOOKASSA_SHOP_ID", "PAYMENT_PROVIDER = yookassa"],
      ["YOOKASSA_SECRET_KEY", "PAYMENT_PROVIDER = yookassa"],
    );
  }
  if (vars.MAIL_API_URL) needed.push(["MAIL_API_KEY", `MAIL_API_URL = ${vars.MAIL_API_URL}`]);
  if (vars.AI_PROVIDER === "openai")
    needed.push(["OPENAI_BASE_URL", "AI_PROVIDER = openai"], ["OPENAI_MODEL", "AI_PROVIDER = openai"]);
  return needed.map(([name, reason]) => ({ name, reason }));
}

/** `listed`: the JSON of `wrangler secret list` ([{name, type}]). */
export const missingSecrets = (needed, listed) => {
  const set = new Set(listed.map((s) => s.name));
  return needed.filter((s) => !set.has(s.name));
};
