// D1: the SQLite time of what a send and a page ask of the main D1 and of a history shard
// (docs/scale.md "Capacity"). The statements are the Worker's as it sends them (drizzle's output,
// taken from a recording D1 binding; keep them in step with worker/), run with node:sqlite on the
// local databases `wrangler d1` made from migrations/, seeded with one large account.
import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { migrate, root } from "../lib/local.mjs";
import { percentile } from "./http.mjs";

const RUNS = 400;
const TOPICS = 5000;
const MESSAGES = 1000;
// Other users' messages in the shard, so its tables and search index are not one account's.
const OTHER_MESSAGES = 50_000;
const REPLY = "Ответ по договору аренды: срок, залог и порядок расторжения. ".repeat(33).slice(0, 2000);
const fmt = (n) => n.toFixed(2);

/** The main D1 and a shard of a local persist directory, by their tables. */
function openDatabases(persistTo) {
  const dir = path.join(persistTo, "v3/d1/miniflare-D1DatabaseObject");
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".sqlite"))
    .map((f) => new DatabaseSync(path.join(dir, f)));
  const has = (db, table) => db.prepare("SELECT 1 FROM sqlite_master WHERE name = ?").get(table) !== undefined;
  const main = files.find((db) => has(db, "users"));
  const shard = files.find((db) => has(db, "messages"));
  // The database's own work, not this machine's disk: D1 makes a commit durable its own way.
  for (const db of [main, shard]) db.exec("PRAGMA synchronous = OFF");
  return { main, shard };
}

/** One large account (and others' messages in the shard); answers the time its rows were written at. */
function seed({ main, shard }) {
  const now = Date.now();
  main.exec(`INSERT INTO users (email, name, password_hash) VALUES ('bench-d1@bench.local', 'Бенч', 'x');
    INSERT INTO sessions (id, user_id, expires_at) VALUES ('bench-session', 1, ${now + 86_400_000});
    INSERT INTO limits (user_id, requests, available_requests, source) VALUES (1, 1000000, 1000000, 'admin');
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${TOPICS})
    INSERT INTO topics (user_id, topic_name, assistant_type, updated_at, created_at)
    SELECT 1, 'Тема ' || i, 'gpt', ${now} - i * 3600000, ${now} - i * 3600000 FROM n;`);
  const text = "substr(replace(hex(zeroblob(120)), '0', 'договор аренды квартиры '), 1, 400)";
  shard.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${OTHER_MESSAGES})
    INSERT INTO messages (topic_id, user_id, role, text, model) SELECT 100000 + i / 20, 2 + i / 200, CASE i % 2 WHEN 1 THEN 'user' ELSE 'assistant' END, 'Чужое ' || i || ': ' || ${text}, 'bench' FROM n;
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${MESSAGES})
    INSERT INTO messages (topic_id, user_id, role, text, model) SELECT 1, 1, CASE i % 2 WHEN 1 THEN 'user' ELSE 'assistant' END, 'Сообщение ' || i || ': ' || ${text}, 'bench' FROM n;
    -- One branch per topic: each message after the one before it in its topic.
    UPDATE messages SET parent_id = id - 1 WHERE id > 1 AND topic_id = (SELECT p.topic_id FROM messages p WHERE p.id = messages.id - 1);
    INSERT INTO topic_leaves (topic_id, user_id, leaf_message_id) SELECT topic_id, user_id, max(id) FROM messages GROUP BY topic_id;
    INSERT INTO search_index (rowid, owner, body, topic_id) SELECT id, 'u' || user_id, lower(text), topic_id FROM messages;`);
  return now;
}

const TOPIC =
  `"id", "user_id", "topic_name", "assistant_type", "status", "folder_id", "pinned", "share_hash", ` +
  `"share_expires_at", "share_reveal", "session_id", "created_at", "updated_at"`;
const TERMS = (type) => `NOT EXISTS (SELECT 1 FROM disclaimers d WHERE d.assistant_type = ${type}
    AND d.version IS NOT (SELECT a.version FROM disclaimer_acceptances a WHERE a.user_id = ? AND a.assistant_type = ${type}))`;
const GUARD = (type) => `coalesce((SELECT ps.enabled FROM privacy_settings ps WHERE ps.user_id = ?
    AND ps.assistant_type = ${type}), 1)`;
const ACTIVE = (l) =>
  `(${l}.date_expire IS NULL OR ${l}.date_expire > ?1) AND (${l}.is_unlimited = 1 OR ${l}.available_requests > 0)`;
const POOL = (m, l) => `FROM company_members ${m} JOIN limits ${l} ON ${l}.company_id = ${m}.company_id
   WHERE ${m}.user_id = ?2 AND (${m}.allowance IS NULL OR ${m}.used < ${m}.allowance) AND ${ACTIVE(l)}`;
const TAKE_ORDER = "is_unlimited DESC, CASE WHEN is_unlimited = 1 THEN id END, date_expire IS NULL, date_expire, id";
const BRANCH = (start) => `(WITH RECURSIVE branch(id, depth) AS (
    SELECT ${start}, 1
    UNION ALL
    SELECT m.parent_id, branch.depth + 1 FROM messages m JOIN branch ON m.id = branch.id
    WHERE m.parent_id IS NOT NULL AND branch.depth < ?
  ) SELECT id FROM branch WHERE id IS NOT NULL)`;
const LEAF = "(SELECT leaf_message_id FROM topic_leaves WHERE topic_id = ?)";
const NEWEST = `(SELECT max("messages"."id") FROM "messages" WHERE "messages"."topic_id" = ?)`;

/**
 * Each group: the database, its statements with their parameters, and how many round trips the Worker makes for them.
 */
function groups(now) {
  const day = new Date(now).toISOString().slice(0, 10);
  const historyPage = (start, startParams) => [
    [
      `select "id", "parent_id", "role", "text", "state", "model", "created_at", "masked" from "messages" where (("messages"."topic_id" = ? and "messages"."user_id" = ?) and "messages"."id" in ${BRANCH(start)}) order by "messages"."id" asc`,
      [1, 1, ...startParams, 51],
    ],
    [
      `select "attachments"."id", "attachments"."message_id", "attachments"."kind", "attachments"."filename", "attachments"."content_type", "attachments"."size" from "attachments" inner join "messages" on "attachments"."message_id" = "messages"."id" where (("messages"."topic_id" = ? and "messages"."user_id" = ?) and "messages"."id" in ${BRANCH(start)}) order by "attachments"."id" asc`,
      [1, 1, ...startParams, 51],
    ],
    [
      `select "id", "parent_id" from "messages" where (+"messages"."user_id" = ? and (("messages"."topic_id" = ? and "messages"."parent_id" is null) or "messages"."parent_id" in ${BRANCH(start)}))`,
      [1, 1, ...startParams, 51],
    ],
    [
      `select "sealed" from "topic_vaults" where ("topic_vaults"."topic_id" = ? and "topic_vaults"."user_id" = ?)`,
      [1, 1],
    ],
  ];
  const shardWrite = (role, text, extra = []) => [
    [
      `insert into "messages" ("id", "topic_id", "user_id", "role", "text", "state", "model", "parent_id", ` +
        `"created_at", "masked") values (null, ?, ?, ?, ?, ?, ?, ${LEAF}, ?, ?) returning "id"`,
      [1, 1, role, text, "complete", role === "user" ? null : "bench", 1, now, null],
    ],
    ...extra,
    [
      `insert into "topic_leaves" ("topic_id", "user_id", "leaf_message_id") values (?, ?, ${NEWEST}) on conflict ` +
        `("topic_leaves"."topic_id") do update set "leaf_message_id" = ${NEWEST}`,
      [1, 1, 1, 1],
    ],
    [
      `INSERT INTO search_index (rowid, owner, body, topic_id) VALUES (${NEWEST}, ?, ?, ?)`,
      [1, "u1", text.toLowerCase(), 1],
    ],
  ];
  const touch = (column) => [
    [`update "topics" set "updated_at" = ? where "topics"."id" = ?`, [now, 1]],
    [
      `insert into "daily_activity" ("day", "user_id", "questions", "replies") values (?, ?, ?, ?) on conflict ` +
        `("daily_activity"."day", "daily_activity"."user_id") do update set "${column}" = ` +
        `"daily_activity"."${column}" + 1`,
      [day, 1, column === "questions" ? 1 : 0, column === "replies" ? 1 : 0],
    ],
  ];
  // A send's batch before the model (docs/scale.md "The first chunk"): the caller's session, then
  // the new topic or the topic read, then one request taken.
  const sessionCheck = [
    [
      `select "users"."id", "users"."email", "users"."name", "users"."password_hash", "users"."role", "users"."token_version", "users"."blocked_at", "users"."utm", "users"."created_at", "users"."updated_at", "users"."history_shard", "sessions"."expires_at" from "users" inner join "sessions" on ("sessions"."id" = ? and "sessions"."user_id" = "users"."id") where ("users"."id" = ? and "users"."token_version" = ? and "users"."blocked_at" is null and "sessions"."revoked_at" is null and "sessions"."expires_at" > ?)`,
      ["bench-session", 1, 0, now],
    ],
  ];
  const newTopic = [
    [
      `select "id", "assistant_type", "title", "description", "system_prompt", "model", "model_title", "active", "created_at", "updated_at", ${TERMS("?")}, ${GUARD("?")} from "products" where ("products"."assistant_type" = ? and "products"."active" = ?)`,
      ["gpt", 1, "gpt", 1, "gpt", "gpt", 1],
    ],
    [
      `insert into "topics" (${TOPIC}) select NULL as "id", ? as "user_id", NULL as "topic_name", "assistant_type", 'active' as "status", NULL as "folder_id", 0 as "pinned", NULL as "share_hash", NULL as "share_expires_at", 0 as "share_reveal", ? as "session_id", ? as "created_at", ? as "updated_at" from "products" where (("products"."assistant_type" = ? and "products"."active" = ?) and ${TERMS("?")}) returning ${TOPIC}`,
      [1, "bench-object", now, now, "gpt", 1, "gpt", 1, "gpt"],
    ],
  ];
  const topicRead = [
    [
      `select ${TOPIC}, ${TERMS(`"topics"."assistant_type"`)} as "terms_met", ${GUARD(`"topics"."assistant_type"`)} as "guard_on" from "topics" where ("topics"."id" = ? and "topics"."user_id" = ?)`,
      [1, 1, 1, 1],
    ],
    [
      `select "id", "assistant_type", "title", "description", "system_prompt", "model", "model_title", "active", "created_at", "updated_at" from "products" where "products"."assistant_type" = (select "assistant_type" from "topics" where ("topics"."id" = ? and "topics"."user_id" = ?))`,
      [1, 1],
    ],
  ];
  // One statement; migrations/0027's trigger counts the charge on its row and the member's `used`.
  const takeRequest = [
    [
      `INSERT INTO request_charges (user_id, limit_id, company_id, created_at) SELECT ?2, id, company_id, ?1 FROM (` +
        `SELECT 0 AS own, m.id AS member, l.id, l.company_id, l.is_unlimited, l.date_expire ${POOL("m", "l")} ` +
        `UNION ALL SELECT 1, NULL, l.id, NULL, l.is_unlimited, l.date_expire FROM limits l ` +
        `WHERE l.user_id = ?2 AND ${ACTIVE("l")}) ORDER BY own, member, ${TAKE_ORDER} LIMIT 1 ` +
        `RETURNING id, limit_id, company_id, ` +
        `(SELECT is_unlimited FROM limits WHERE limits.id = request_charges.limit_id) AS unlimited`,
      [now, 1],
    ],
  ];
  return [
    [
      "a new topic's send: the session check, the mode, its terms, the guard's setting, the row, one request taken",
      "main",
      1,
      [...sessionCheck, ...newTopic, ...takeRequest],
    ],
    [
      "a topic's send: the session check, the topic, its mode, terms and the guard's setting, one request taken",
      "main",
      1,
      [...sessionCheck, ...topicRead, ...takeRequest],
    ],
    ["the topic touched by the question", "main", 1, touch("questions")],
    ["the topic touched by the reply", "main", 1, touch("replies")],
    [
      "the reply's checks (the topic still there, its share link)",
      "main",
      2,
      [
        [`select "id" from "topics" where "topics"."id" = ?`, [1]],
        [`select "share_hash" from "topics" where "topics"."id" = ?`, [1]],
      ],
    ],
    [
      "a topic's send: its vault",
      "shard",
      1,
      [[`select "sealed" from "topic_vaults" where "topic_vaults"."topic_id" = ?`, [1]]],
    ],
    [
      "a topic's send: the branch above the leaf (200 messages)",
      "shard",
      1,
      [
        [
          `select "id", "role", "text" from "messages" where ("messages"."topic_id" = ? and "messages"."id" in ${BRANCH(LEAF)}) order by "messages"."id" asc`,
          [1, 1, 200],
        ],
        [
          `select "attachments"."id", "attachments"."message_id", "attachments"."kind", "attachments"."filename", "attachments"."content_type", "attachments"."r2_key", "attachments"."extracted_text" from "attachments" inner join "messages" on "attachments"."message_id" = "messages"."id" where ("messages"."topic_id" = ? and "messages"."id" in ${BRANCH(LEAF)}) order by "attachments"."id"`,
          [1, 1, 200],
        ],
      ],
    ],
    [
      "the question: message, leaf, search index",
      "shard",
      1,
      shardWrite("user", "Какой залог брать за квартиру, и можно ли его не возвращать?"),
    ],
    [
      "the question with values hidden: and the vault",
      "shard",
      1,
      shardWrite("user", "Звоните [ФИО 1] на [Телефон 1]", [
        [
          `insert into "topic_vaults" ("topic_id", "user_id", "sealed") values (?, ?, ?) on conflict ` +
            `("topic_vaults"."topic_id") do update set "sealed" = ?`,
          [1, 1, `v1.${"x".repeat(300)}`, `v1.${"x".repeat(300)}`],
        ],
      ]),
    ],
    ["the reply (2,000 characters): message, leaf, search index", "shard", 1, shardWrite("assistant", REPLY)],
    [
      "a page of the topic list (50 of 5,000), the first",
      "main",
      1,
      [
        [
          `select ${TOPIC} from "topics" where ("topics"."user_id" = ? and "topics"."status" = ?) order by "topics"."pinned" desc, "topics"."updated_at" desc, "topics"."id" desc limit ?`,
          [1, "active", 51],
        ],
      ],
    ],
    [
      "the same, halfway down (a cursor)",
      "main",
      1,
      [
        [
          `select ${TOPIC} from "topics" where ("topics"."user_id" = ? and "topics"."status" = ? and ("topics"."pinned", "topics"."updated_at", "topics"."id") < (?, ?, ?)) order by "topics"."pinned" desc, "topics"."updated_at" desc, "topics"."id" desc limit ?`,
          [1, "active", 0, now - 2500 * 3_600_000, 2500, 51],
        ],
      ],
    ],
    [
      "a page of history: the topic, its ratings",
      "main",
      1,
      [
        [`select ${TOPIC} from "topics" where ("topics"."id" = ? and "topics"."user_id" = ?)`, [1, 1]],
        [
          `select "message_id", "rating" from "message_feedback" where ("message_feedback"."topic_id" = ? and EXISTS (SELECT 1 FROM "topics" WHERE ("topics"."id" = ? and "topics"."user_id" = ?)))`,
          [1, 1, 1],
        ],
      ],
    ],
    ["a page of history (50 of 1,000): the newest", "shard", 1, historyPage(LEAF, [1])],
    [
      "the same, halfway back (a cursor)",
      "shard",
      1,
      historyPage("(SELECT id FROM messages WHERE id = ? AND topic_id = ?)", [OTHER_MESSAGES + 500, 1]),
    ],
  ];
}

/** ms per run of the group, each run one transaction as a D1 batch is. */
function time(db, statements) {
  const prepared = statements.map(([sql, params]) => [db.prepare(sql), params]);
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    db.exec("BEGIN");
    for (const [statement, params] of prepared) statement.all(...params);
    db.exec("COMMIT");
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

export async function benchD1Time() {
  const persistTo = path.join(root, ".wrangler/bench-d1");
  rmSync(persistTo, { recursive: true, force: true });
  migrate(persistTo);
  const dbs = openDatabases(persistTo);
  const rows = groups(seed(dbs)).map(([what, where, trips, statements]) => {
    const { p50, p99 } = time(dbs[where], statements);
    return `| ${where} | ${what} | ${statements.length} (${trips}) | ${fmt(p50)} | ${fmt(p99)} |`;
  });
  for (const db of Object.values(dbs)) db.close();
  return [
    `The SQLite time of each group of statements the Worker sends (scripts/bench/d1-time.mjs: its statements, ` +
      `taken from a recording D1 binding), ${RUNS} runs each, each run one transaction as a D1 batch is, with ` +
      `node:sqlite on the local databases made from migrations/, durable commits off (the database's work, not ` +
      `this machine's disk). The main D1 holds one user with ${TOPICS.toLocaleString("en")} topics; the shard ${MESSAGES.toLocaleString("en")} messages of theirs in one topic (one branch) and ${OTHER_MESSAGES.toLocaleString("en")} of others, all in the search index:`,
    "",
    "| database | what | statements (round trips) | p50 ms | p99 ms |",
    "|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}
