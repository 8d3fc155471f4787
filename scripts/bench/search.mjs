// Search: how well a word's forms find each other (search-quality.mjs), and `GET /topics/search`
// latency for one user with 5,000 topics and 100,000 messages, the index written as the Worker writes
// it (the same lemmas, from worker/conversations/search/lexicon.ts and the extractor's dictionary).
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { indexBodies } from "../../worker/conversations/search/lexicon.ts";
import { migrate, queryLocal, root, startWorker, stopWorker, waitForHealth, wrangler } from "../lib/local.mjs";
import { percentile, roundTrips } from "./http.mjs";
import { mulberry32 } from "./random.mjs";
import { localLexicon, searchQuality } from "./search-quality.mjs";

const PORT = 8795;
const TOPICS = 5000;
const MESSAGES = 100_000;
const SAMPLES = 50;
const fmt = (n) => Number(n).toFixed(1);

// Message texts: 40 templates from a law-and-property vocabulary in its many word forms, so a
// common word is in most messages and a rare one in a few, as in a real account.
const VOCABULARY = (
  "аренда аренды арендой арендатор договор договора договором квартира квартиры квартиру ипотека ипотеки ипотекой " +
  "неустойка неустойку суд суда судом иск иска наследство наследства завещание собственник собственности продавец " +
  "покупатель сделка сделки залог задаток расторжение расторгнуть срок срока месяц месяцев оплата платежи штраф " +
  "работодатель зарплата увольнение отпуск налог вычет кадастр выписка ЕГРН регистрация прописка соседи шум ремонт " +
  "управляющая компания счётчик тариф долг долга приставы банкротство кредит кредита страховка"
).split(" ");
const RARE = "сервитут";

function templates() {
  const random = mulberry32(42);
  return Array.from({ length: 40 }, (_, i) => {
    const words = Array.from({ length: 45 }, () => VOCABULARY[Math.floor(random() * VOCABULARY.length)]);
    if (i === 7) words.push(RARE);
    return `${words.join(" ")}.`;
  });
}

const quote = (text) => `'${text.replaceAll("'", "''")}'`;

/**
 * The user's topics (main D1), and their messages and index rows (the user's history shard), written straight into the
 * databases.
 */
async function seed(persistTo, email) {
  const texts = templates();
  const bodies = await indexBodies(localLexicon(), texts);
  const user = `(SELECT id FROM users WHERE email = '${email}')`;
  const file = path.join(persistTo, "bench-search-seed.sql");
  writeFileSync(
    file,
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${TOPICS})
INSERT INTO topics (user_id, topic_name, assistant_type, updated_at, created_at)
SELECT ${user}, 'Тема ' || i, CASE i % 3 WHEN 0 THEN 'explain_law' WHEN 1 THEN 'gpt' ELSE 'explain_estate' END,
       (unixepoch('subsec') * 1000) - i * 3600000, (unixepoch('subsec') * 1000) - i * 3600000 FROM n;
`,
  );
  wrangler(["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file]);
  const { userId, shard, first } = queryLocal(
    persistTo,
    `SELECT u.id AS userId, u.history_shard AS shard, min(t.id) AS first FROM users u JOIN topics t ON t.user_id = ` +
      `u.id WHERE u.email = '${email}'`,
  )[0];
  const values = texts.map((t, i) => `(${i}, ${quote(t)}, ${quote(bodies[i])})`).join(",\n");
  const perTopic = MESSAGES / TOPICS;
  writeFileSync(
    file,
    `CREATE TABLE bench_texts (i INTEGER PRIMARY KEY, text TEXT, stems TEXT);
INSERT INTO bench_texts VALUES ${values};
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${MESSAGES - 1})
INSERT INTO messages (topic_id, user_id, role, text, model)
SELECT ${first} + i / ${perTopic}, ${userId}, CASE i % 2 WHEN 0 THEN 'user' ELSE 'assistant' END,
       (SELECT text FROM bench_texts WHERE bench_texts.i = n.i % ${texts.length}), 'bench' FROM n;
INSERT INTO search_index (rowid, owner, body, topic_id)
SELECT m.id, 'u${userId}', b.stems, m.topic_id FROM messages m JOIN bench_texts b ON b.text = m.text WHERE m.user_id = ${userId};
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${TOPICS})
INSERT INTO search_index (rowid, owner, body, topic_id) SELECT -(${first} + i - 1), 'u${userId}', 'тем ' || i, ${first} + i - 1 FROM n;
DROP TABLE bench_texts;
`,
  );
  wrangler(["d1", "execute", `HISTORY_${shard}`, "--local", "--persist-to", persistTo, "--file", file]);
  return texts;
}

const QUERIES = [
  ["a common word, another form (`аренду`)", "аренду"],
  ["two words (`договор ипотеки`)", "договор ипотеки"],
  ["a word in one template of 40 (`сервитута`)", "сервитута"],
  ["a word in no message (`вертолёт`)", "вертолёт"],
];

const pct = (share) => `${(share * 100).toFixed(1)}%`;

/** The quality table: each rule's pair recall by class and its unrelated matches. */
async function qualityRows() {
  const { figures, lexemes, words, queries } = await searchQuality();
  const row = (name, f) =>
    `| ${name} | ${f.recall.verbs.share.toFixed(3)} | ${f.recall.nouns.share.toFixed(3)} | ` +
    `${f.recall.adjectives.share.toFixed(3)} | ${pct(f.unrelated)} |`;
  const { recall } = figures.lemmas;
  return [
    `Word forms from hunspell's Russian dictionary (dictionary-ru), not the one search uses: ${lexemes} lemmas ` +
      `each of verbs, nouns and adjectives drawn at random (seed 27), each with every form its suffix rules make, ` +
      `and the dictionary's short words without rules (за, на, суд…): ${words.toLocaleString("en")} words. Pair ` +
      `recall: of the ordered pairs of one lemma's forms (${recall.verbs.pairs.toLocaleString("en")} verb, ${recall.nouns.pairs.toLocaleString("en")} noun, ${recall.adjectives.pairs.toLocaleString("en")} adjective pairs), the share where a query in form A finds a text in form B. Unrelated: of the ${queries.toLocaleString("en")} forms as queries, the share that find a word of none of their lemmas.`,
    "",
    "| rule | verbs | nouns | adjectives | unrelated |",
    "|---|---|---|---|---|",
    row("lemmas (OpenCorpora, the Worker's rule)", figures.lemmas),
    row("stems before them (Snowball, a prefix of 3+ letters)", figures.stems),
  ];
}

export async function benchSearch() {
  const quality = await qualityRows();
  const persistTo = path.join(root, ".wrangler/bench-search");
  rmSync(persistTo, { recursive: true, force: true });
  migrate(persistTo);
  const worker = startWorker({ port: PORT, persistTo, stdio: "ignore", vars: { RATE_LIMIT_FACTOR: "100000" } });
  try {
    await waitForHealth(PORT);
    const app = `http://127.0.0.1:${PORT}`;
    const email = "bench-search@bench.local";
    const password = "bench-password-1";
    const registered = await fetch(`${app}/api/v2/users/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password, consent: true }),
    });
    if (registered.status !== 201) throw new Error(`регистрация: ${registered.status}`);
    await seed(persistTo, email);
    const { access_token: token } = await (
      await fetch(`${app}/api/v2/users/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password }),
      })
    ).json();
    const rows = [];
    for (const [what, q] of QUERIES) {
      const url = `${app}/api/v2/topics/search?q=${encodeURIComponent(q)}`;
      const hits = await (await fetch(url, { headers: { "jwt-token": token } })).json();
      const times = await roundTrips(url, SAMPLES, { "jwt-token": token });
      rows.push(`| ${what} | ${hits.length} | ${fmt(percentile(times, 50))} | ${fmt(percentile(times, 99))} |`);
    }
    return [
      ...quality,
      "",
      `One user with ${TOPICS.toLocaleString("en")} topics and ${MESSAGES.toLocaleString("en")} messages (45 words ` +
        `each, from a law-and-property vocabulary), all in the search index; ${SAMPLES} sequential \`GET ` +
        `/api/v2/topics/search?q=\` each, through the Worker on local D1:`,
      "",
      "| query | hits (max 20) | p50 ms | p99 ms |",
      "|---|---|---|---|",
      ...rows,
      "",
      "The time grows with the number of matching messages: FTS5 ranks every match (bm25) before the best 20 are " +
        "taken, so a word found in most of the 100,000 messages is the worst case; a rare word costs little.",
    ].join("\n");
  } finally {
    await stopWorker(worker);
  }
}
