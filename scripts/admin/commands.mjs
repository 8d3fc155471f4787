// The commands of `npm run admin`: each has its options, a Russian help text and a run function.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { hashPassword } from "../lib/password.mjs";
import { query, sqlString } from "./db.mjs";
import { usage } from "./errors.mjs";
import { lawCommand } from "./law.mjs";
import { formatTable } from "./table.mjs";
import { setWebhook } from "./telegram.mjs";

const int = (name, value, { min = 0 } = {}) => {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw usage(`--${name}: нужно целое число не меньше ${min}, а не «${value}»`);
  return n;
};
const bool = (name, value) => {
  if (value === undefined) return undefined;
  if (["true", "yes", "да", "1"].includes(value)) return true;
  if (["false", "no", "нет", "0"].includes(value)) return false;
  throw usage(`--${name}: true или false, а не «${value}»`);
};
const required = (name, value) => {
  if (value === undefined || value === "") throw usage(`Укажите --${name}`);
  return value;
};
const list = (value) =>
  value
    ? value
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : undefined;
const compact = (obj) => Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined));
const action = (positionals, allowed, command) => {
  const [name, ...rest] = positionals;
  if (!allowed.includes(name))
    throw usage(`${command}: укажите действие (${allowed.join(" | ")}); подробнее: ${command} --help`);
  return [name, rest];
};
const idArg = (rest, what) => {
  const id = Number(rest[0]);
  if (!Number.isInteger(id) || id < 1) throw usage(`Укажите id ${what} (целое число)`);
  return id;
};

const print = (ctx, value, table) => console.log(ctx.values.json ? JSON.stringify(value, null, 2) : table(value));
const limitsText = (l) =>
  `Доступно запросов: ${l.is_unlimited ? "без ограничений" : l.available_requests}\n` +
  formatTable(l.limits ?? [], ["id", "source", "requests", "available_requests", "is_unlimited", "date_expire"]);

/** `stats costs`: the cost statistics as tables, or their rows as the server's CSV (the BOM kept for Excel). */
async function costs(ctx, from, to) {
  const range = `from=${from}&to=${to}`;
  if (ctx.values.csv) {
    const csv = await ctx.api.get(`/statistics/costs?${range}&format=csv`);
    process.stdout.write(csv.startsWith("\uFEFF") ? csv : `\uFEFF${csv}`);
    return;
  }
  const answer = await ctx.api.get(`/statistics/costs?${range}`);
  print(ctx, answer, (a) =>
    [
      formatTable(a.rows, [
        "date",
        "assistant_type",
        "model",
        "plan",
        "requests_sold",
        "requests_used",
        "model_cost",
        "revenue",
        "margin",
        "context_cut",
        "output_limited",
      ]),
      "",
      "Самые дорогие пользователи:",
      formatTable(a.top_users, ["user_id", "email", "requests", "model_cost"]),
      "",
      "Самые дорогие чаты:",
      formatTable(a.top_chats, ["topic_id", "user_id", "assistant_type", "requests", "model_cost"]),
    ].join("\n"),
  );
}

const s = { type: "string" };
const flag = { type: "boolean" };
const localDbOptions = { "persist-to": s, remote: flag, env: s };
const dbTarget = (values, root) =>
  values.remote
    ? { remote: true, env: values.env ?? "production" }
    : { persistTo: values["persist-to"] ?? `${root}/.wrangler/state` };

export const commands = {
  "create-admin": {
    summary: "создать администратора (или сделать им существующего пользователя)",
    usage:
      "create-admin --email <e-mail> [--password <пароль>] [--name <имя>] [--remote [--env production] | " +
      "--persist-to <папка>]",
    details:
      "Пишет прямо в базу через `wrangler d1 execute`: локально (состояние `npm start`, .wrangler/state)\n" +
      "или в рабочую базу с --remote. Без --password пароль придумывается и печатается один раз.",
    options: { name: s, ...localDbOptions },
    db: true,
    async run({ values, root }) {
      const email = required("email", values.email).trim().toLowerCase();
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw usage(`Неверный e-mail: ${email}`);
      const generated = values.password === undefined;
      const password = values.password ?? randomBytes(12).toString("base64url");
      if (password.length < 8) throw usage("Пароль — не короче 8 символов");
      const target = dbTarget(values, root);
      const hash = sqlString(hashPassword(password));
      const [existing] = query(target, `SELECT id FROM users WHERE email = ${sqlString(email)}`);
      if (existing) {
        query(target, `UPDATE users SET role = 'admin', password_hash = ${hash} WHERE id = ${Number(existing.id)}`);
        console.log(`Пользователь ${email} (id ${existing.id}) теперь администратор; пароль заменён.`);
      } else {
        query(
          target,
          `INSERT INTO users (email, name, password_hash, role) VALUES (${sqlString(email)}, ` +
            `${sqlString(values.name ?? "Администратор")}, ${hash}, 'admin')`,
        );
        console.log(`Создан администратор ${email}.`);
      }
      if (generated) console.log(`Пароль (показывается один раз): ${password}`);
    },
  },

  plans: {
    summary: "тарифы: list | create | update <id>",
    usage:
      "plans list\n" +
      "plans create --name <название> --price <рубли> --days <дней> (--requests <число> | --unlimited true) " +
      "[--hidden]\n" +
      "plans update <id> [--name] [--price] [--days] [--requests] [--unlimited true|false] [--visible true|false]",
    options: { name: s, price: s, days: s, requests: s, unlimited: s, hidden: flag, visible: s },
    async run(ctx) {
      const { values, positionals, api } = ctx;
      const [act, rest] = action(positionals, ["list", "create", "update"], "plans");
      const columns = ["id", "name", "price", "day_gap", "requests_limit", "is_unlimited", "is_visible"];
      if (act === "list") return print(ctx, await api.get("/subscriptions/"), (rows) => formatTable(rows, columns));
      const fields = compact({
        name: values.name,
        price:
          values.price === undefined
            ? undefined
            : Number.isNaN(Number(values.price))
              ? values.price
              : Number(values.price),
        day_gap: int("days", values.days, { min: 1 }),
        requests_limit: int("requests", values.requests),
        is_unlimited: bool("unlimited", values.unlimited),
        is_visible: values.hidden ? false : bool("visible", values.visible),
      });
      const plan =
        act === "create"
          ? await api.post("/subscriptions/", { requests_limit: 0, ...fields })
          : await api.put(`/subscriptions/${idArg(rest, "тарифа")}`, fields);
      print(ctx, plan, (p) => `${act === "create" ? "Создан тариф" : "Изменён тариф"}:\n${formatTable([p], columns)}`);
    },
  },

  products: {
    summary: "режимы ассистента: list | update <id>",
    usage:
      "products list\n" +
      "products update <id> [--title] [--description] [--model] [--system-prompt] [--active true|false]",
    options: { title: s, description: s, model: s, "system-prompt": s, active: s },
    async run(ctx) {
      const { values, positionals, api } = ctx;
      const [act, rest] = action(positionals, ["list", "update"], "products");
      const columns = ["id", "assistant_type", "title", "model", "active"];
      if (act === "list") return print(ctx, await api.get("/products/?all=true"), (rows) => formatTable(rows, columns));
      const fields = compact({
        title: values.title,
        description: values.description,
        model: values.model,
        system_prompt: values["system-prompt"],
        active: bool("active", values.active),
      });
      if (Object.keys(fields).length === 0)
        throw usage(
          "products update: укажите хотя бы одно поле (--title, --description, --model, --system-prompt, --active)",
        );
      const product = await api.put(`/products/${idArg(rest, "режима")}`, fields);
      print(ctx, product, (p) => `Изменён режим:\n${formatTable([p], columns)}`);
    },
  },

  promos: {
    summary: "промокоды: list | create",
    usage:
      "promos list\n" +
      "promos create --name <КОД> (--requests <число> | --plan <id тарифа>) [--days <дней>] [--max-uses <число>] " +
      "[--expires <ISO 8601>]",
    options: { name: s, requests: s, plan: s, days: s, "max-uses": s, expires: s },
    async run(ctx) {
      const { values, positionals, api } = ctx;
      const [act] = action(positionals, ["list", "create"], "promos");
      const columns = [
        "id",
        "name",
        "requests",
        "subscription_id",
        "day_gap",
        "uses",
        "max_uses",
        "expires_at",
        "active",
      ];
      if (act === "list") return print(ctx, await api.get("/promos/"), (rows) => formatTable(rows, columns));
      const promo = await api.post(
        "/promos/",
        compact({
          name: required("name", values.name),
          requests: int("requests", values.requests, { min: 1 }),
          subscription_id: int("plan", values.plan, { min: 1 }),
          day_gap: int("days", values.days, { min: 1 }),
          max_uses: int("max-uses", values["max-uses"], { min: 1 }),
          expires_at: values.expires,
        }),
      );
      print(ctx, promo, (p) => `Создан промокод:\n${formatTable([p], columns)}`);
    },
  },

  limits: {
    summary: "лимиты пользователя: grant (добавить пакет) | set (оставить только этот)",
    usage: "limits grant|set --user <e-mail> (--requests <число> | --unlimited) [--days <дней>]",
    details: "grant добавляет пакет; set заканчивает все действующие пакеты пользователя и оставляет только этот.",
    options: { user: s, requests: s, days: s, unlimited: flag },
    async run(ctx) {
      const { values, positionals, api } = ctx;
      const [act] = action(positionals, ["grant", "set"], "limits");
      const body = compact({
        email: required("user", values.user),
        requests: int("requests", values.requests),
        mode: act === "grant" ? "add" : "set",
        days: int("days", values.days, { min: 1 }),
        is_unlimited: values.unlimited || undefined,
      });
      if (body.requests === undefined && !body.is_unlimited) throw usage("Укажите --requests <число> или --unlimited");
      const limits = await api.post("/limits/update/", body);
      print(ctx, limits, (l) => `Лимиты ${body.email}:\n${limitsText(l)}`);
    },
  },

  "set-start-for-all": {
    summary: "стартовый пакет всем пользователям",
    usage: "set-start-for-all [--requests <число>]",
    details: 'Касается всех пользователей: команда так и говорит серверу ("target": "all").',
    options: { requests: s },
    async run(ctx) {
      const result = await ctx.api.post(
        "/limits/set_start_for_all/",
        compact({ target: "all", requests: int("requests", ctx.values.requests) }),
      );
      print(ctx, result, (r) => `Стартовый пакет обновлён у ${r.users} польз.`);
    },
  },

  legal: {
    summary: "юридические документы: list | show <offer|privacy|terms> | set <вид> --file <файл.md> [--title]",
    usage:
      "legal list\n" +
      "legal show <offer|privacy|terms>\n" +
      "legal set <offer|privacy|terms> --file <файл.md> [--title <название>]",
    details:
      "set публикует новую редакцию (прежние остаются); принявшие соглашение или политику примут новую при " +
      "следующем визите.\n" +
      "Реквизиты оператора в тексте — {{operator_name}}, {{inn}}, {{ogrn}}, {{address}}, {{support_email}} — " +
      "берутся из настроек.",
    options: { file: s, title: s },
    async run(ctx) {
      const { values, positionals, api } = ctx;
      const [act, rest] = action(positionals, ["list", "show", "set"], "legal");
      if (act === "list")
        return print(ctx, await api.get("/legal/"), (rows) =>
          formatTable(rows, ["kind", "version", "title", "updated_at"]),
        );
      const kind = rest[0];
      if (!["offer", "privacy", "terms"].includes(kind)) throw usage("Укажите документ: offer, privacy или terms");
      if (act === "show")
        return print(ctx, await api.get(`/legal/${kind}`), (d) => `${d.title} · редакция ${d.version}\n\n${d.body}`);
      const file = required("file", values.file);
      let body;
      try {
        body = readFileSync(file, "utf8");
      } catch {
        throw usage(`Не удалось прочитать файл ${file}`);
      }
      const doc = await api.put(`/legal/${kind}`, compact({ body, title: values.title }));
      print(ctx, doc, (d) => `Опубликована редакция ${d.version}: ${d.title}`);
    },
  },

  "search-reindex": {
    summary: "переписать поисковый индекс чатов (названия, затем сообщения каждой базы истории)",
    usage: "search-reindex",
    details:
      "Нужна после обновления, добавившего поиск, для чатов, написанных до него, и после смены правил\n" +
      "разбора слов. Идёт страницами по 200 записей; прерванную можно запустить снова с начала.",
    async run(ctx) {
      const { shards } = await ctx.api.get("/shards/");
      const totals = { names: 0, messages: 0 };
      const pages = [
        { kind: "names", shard: 0 },
        ...shards.filter((s) => s.bound).map((s) => ({ kind: "messages", shard: s.id })),
      ];
      for (const { kind, shard } of pages) {
        let after = 0;
        while (after !== null) {
          const page = await ctx.api.post("/search/reindex", { kind, after_id: after, shard });
          totals[kind] += page.indexed;
          after = page.next_after_id;
        }
      }
      print(ctx, totals, (t) => `Поисковый индекс переписан: названий чатов ${t.names}, сообщений ${t.messages}.`);
    },
  },

  shards: {
    summary: "базы истории: list | add <n> | close <n> | open <n>",
    usage: "shards list\n" + "shards add <n>\n" + "shards close <n>\n" + "shards open <n>",
    details:
      "Чаты каждого пользователя хранятся в одной базе истории (HISTORY_<n>), её выбирает каталог.\n" +
      "add вносит в каталог базу, уже подключённую к Worker и с применёнными migrations/history:\n" +
      "новые пользователи пойдут в неё, никто не переезжает. close — не давать базе новых\n" +
      "пользователей (её пользователи остаются), open — снова давать. Порядок — в docs/scale.md.",
    async run(ctx) {
      const { positionals, api } = ctx;
      const [act, rest] = action(positionals, ["list", "add", "close", "open"], "shards");
      if (act === "list") {
        const directory = await api.get("/shards/");
        return print(ctx, directory, (d) =>
          [
            formatTable(d.shards, ["id", "open", "users", "bound"]),
            ...(d.unlisted.length ? [`Подключены, но не в каталоге: ${d.unlisted.join(", ")}`] : []),
          ].join("\n"),
        );
      }
      const id = Number(rest[0]);
      if (!Number.isInteger(id) || id < 0) throw usage("Укажите номер базы истории (целое число от 0)");
      if (act === "add")
        return print(
          ctx,
          await api.post("/shards/", { id }),
          (r) => `База истории ${r.id} в каталоге: новые пользователи пойдут в неё.`,
        );
      const row = await api.patch(`/shards/${id}`, { open: act === "open" });
      print(ctx, row, (r) =>
        r.open
          ? `База истории ${r.id} принимает новых пользователей.`
          : `База истории ${r.id} больше не принимает новых пользователей.`,
      );
    },
  },

  "reset-disclaimers": {
    summary: "поднять версию условий использования (все снова их примут)",
    usage: "reset-disclaimers [--mode <assistant_type> [--text <новый текст>]]",
    options: { mode: s, text: s },
    async run(ctx) {
      const { values, api } = ctx;
      if (values.text !== undefined && values.mode === undefined) throw usage("--text нужен вместе с --mode");
      const result = await api.post(
        "/disclaimers/set_for_all/",
        compact({ target: "all", assistant_type: values.mode, text: values.text }),
      );
      print(ctx, result, (rows) => `Условия обновлены:\n${formatTable(rows, ["assistant_type", "version"])}`);
    },
  },

  notify: {
    summary: "уведомление всем или выбранным пользователям",
    usage: "notify --title <заголовок> --text <текст> (--emails a@x.ru,b@y.ru | --user-ids 1,2 | --all) [--by-email]",
    details:
      "Кому — обязательно: --emails и/или --user-ids, либо --all — всем пользователям. --by-email — ещё и письмом.",
    options: { title: s, text: s, emails: s, "user-ids": s, all: flag, "by-email": flag },
    async run(ctx) {
      const { values, api } = ctx;
      const userIds = list(values["user-ids"])?.map((id) => int("user-ids", id, { min: 1 }));
      const emails = list(values.emails);
      const chosen = Boolean(userIds?.length || emails?.length);
      if (values.all && chosen) throw usage("--all — всем пользователям: без --emails и --user-ids");
      if (!values.all && !chosen)
        throw usage("Укажите получателей: --emails, --user-ids или --all (всем пользователям)");
      const result = await api.post(
        "/notification/send/",
        compact({
          title: required("title", values.title),
          text: required("text", values.text),
          ...(values.all ? { target: "all" } : { emails, user_ids: userIds }),
          by_email: values["by-email"] || undefined,
        }),
      );
      print(ctx, result, (r) => `Уведомление ${r.id} отправлено: получателей ${r.recipients}`);
    },
  },

  block: {
    summary: "заблокировать пользователя: все его сессии заканчиваются, вход закрыт",
    usage: "block <id пользователя>",
    details:
      "Блокировка заканчивает все сессии пользователя сразу; вход, обновление токена и бот отвечают «Аккаунт " +
      "заблокирован». Снять: unblock <id>.",
    options: {},
    async run(ctx) {
      const user = await ctx.api.post(`/users/${idArg(ctx.positionals, "пользователя")}/block`, {});
      print(ctx, user, (u) => `Заблокирован: ${u.email ?? u.name ?? u.id} (с ${u.blocked_at})`);
    },
  },

  unblock: {
    summary: "снять блокировку пользователя",
    usage: "unblock <id пользователя>",
    details: "Закончившиеся сессии не возвращаются: пользователь входит заново.",
    options: {},
    async run(ctx) {
      const user = await ctx.api.post(`/users/${idArg(ctx.positionals, "пользователя")}/unblock`, {});
      print(ctx, user, (u) => `Блокировка снята: ${u.email ?? u.name ?? u.id}`);
    },
  },

  stats: {
    summary: "статистика по дням; stats costs — стоимость запросов, выручка и маржа",
    usage: "stats [--from ГГГГ-ММ-ДД] [--to ГГГГ-ММ-ДД]\nstats costs [--from ГГГГ-ММ-ДД] [--to ГГГГ-ММ-ДД] [--csv]",
    details:
      "По умолчанию — последние 7 дней по московскому времени. stats costs: строки по дню, режиму, модели и " +
      "пакету (продано и использовано запросов, стоимость модели, выручка, маржа — в рублях), затем самые " +
      "дорогие пользователи и чаты; --csv печатает строки как CSV для бухгалтерии (UTF-8 с BOM, «;»): " +
      "stats costs --csv > costs.csv.",
    options: { from: s, to: s, csv: flag },
    async run(ctx) {
      const [act = "daily"] = ctx.positionals;
      if (!["daily", "costs"].includes(act)) throw usage("stats: укажите costs или ничего; подробнее: stats --help");
      const day = (offsetDays) =>
        new Date(Date.now() + 3 * 3600_000 - offsetDays * 86400_000).toISOString().slice(0, 10);
      const to = ctx.values.to ?? day(0);
      const from = ctx.values.from ?? day(6);
      for (const [name, v] of [
        ["from", from],
        ["to", to],
      ])
        if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) throw usage(`--${name}: дата в виде ГГГГ-ММ-ДД, а не «${v}»`);
      if (act === "costs") return costs(ctx, from, to);
      if (ctx.values.csv) throw usage("--csv: только для stats costs");
      const rows = await ctx.api.get(`/statistics/common/daily?from=${from}&to=${to}`);
      print(ctx, rows, (r) =>
        formatTable(r, [
          "date",
          "new_users",
          "active_users",
          "topics",
          "messages",
          "requests_used",
          "payments",
          "revenue",
        ]),
      );
    },
  },

  telegram: {
    summary: "бот Telegram: set-webhook — вебхук с секретом и команды бота",
    usage: "telegram set-webhook [--url <адрес вебхука>] [--env <окружение wrangler.toml>]",
    details:
      "Вызывает setWebhook (с TELEGRAM_WEBHOOK_SECRET и allowed_updates: message, callback_query,\n" +
      "my_chat_member) и setMyCommands Bot API. Без --url — APP_URL окружения (production) + /telegram/webhook.\n" +
      "TELEGRAM_BOT_TOKEN, TELEGRAM_WEBHOOK_SECRET и TELEGRAM_API_ROOT (по умолчанию https://api.telegram.org)\n" +
      "берутся из окружения или из .dev.vars.",
    options: { env: s },
    noApi: true,
    async run(ctx) {
      action(ctx.positionals, ["set-webhook"], "telegram");
      await setWebhook(ctx);
    },
  },

  outbox: {
    summary: "письма из локальной очереди (mail_outbox), новые первыми",
    usage: "outbox [--to <e-mail>] [--limit <число>] [--persist-to <папка>]",
    details:
      "Локально письма не уходят, а ложатся в таблицу mail_outbox; команда их показывает. Ссылки и коды в ней " +
      "скрыты («[скрыто]»): целиком письмо со ссылкой печатается в журнал Worker (npm start).",
    options: { to: s, limit: s, "persist-to": s },
    db: true,
    async run(ctx) {
      const { values, root } = ctx;
      const limit = int("limit", values.limit, { min: 1 }) ?? 10;
      const where = values.to ? `WHERE "to" = ${sqlString(values.to.trim().toLowerCase())}` : "";
      const rows = query(
        dbTarget({ "persist-to": values["persist-to"] }, root),
        `SELECT id, "to", subject, text, status, created_at FROM mail_outbox ${where} ORDER BY id DESC LIMIT ${limit}`,
      );
      const mails = rows.map((r) => ({ ...r, created_at: new Date(Number(r.created_at)).toISOString() }));
      print(ctx, mails, (list) =>
        list.length === 0
          ? "Писем нет."
          : list
              .map((m) => `#${m.id} ${m.created_at} → ${m.to} [${m.status}]\nТема: ${m.subject}\n\n${m.text}\n`)
              .join("\n"),
      );
    },
  },
  law: lawCommand,
};
