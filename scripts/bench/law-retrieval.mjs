// Law retrieval (issue 30, docs/law.md "Answers grounded in the text"): `relevantArticles` over a generated library
// the size of the main codes, imported into a local LAW_DB by the Worker's own import; and what retrieval adds to a
// law-mode send's first chunk: the same send to two Workers on copies of that library, one with LAW_RETRIEVAL=off.
import { cpSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { getPlatformProxy } from "wrangler";
import { lawDb } from "../../worker/db/law.ts";
import { relevantArticles } from "../../worker/law/search/retrieve.ts";
import { indexTerms } from "../../worker/law/search/terms.ts";
import { parseAct } from "../../worker/law/services/parse.ts";
import { migrate, root, startWorker, stopWorker, waitForHealth, wrangler } from "../lib/local.mjs";
import { startFakeModel, workerVarsFor } from "./fake-model.mjs";
import { percentile } from "./http.mjs";
import { mulberry32 } from "./random.mjs";
import { replyText, timeFirstChunk } from "./stream-timing.mjs";

const ACTS = 8;
const ARTICLES_PER_ACT = 1_300;
const SEARCHES = 400;
const SENDS = 80;
const LIMIT = 5;
const PORTS = { on: 8831, off: 8833, model: 8835 };
const TODAY = new Date().toISOString().slice(0, 10);
const START_MS = 300_000;

// A code's words as they fall in a real one: a few general legal words in every chapter («право», «лицо»,
// «порядок»), each chapter's subject words concentrated in it («аренда», «арендатор» in the Civil Code's
// chapter 34, a few dozen of its 1,550 articles), and a long tail of words met a handful of times.
const GENERAL = `право лицо порядок случай соответствие законодательство обязанность требование срок сторона
основание условие решение орган форма предусмотренный установленный настоящий федеральный`
  .split(/\s+/)
  .filter(Boolean);
const SUBJECTS = `договор аренда арендатор арендодатель имущество плата собственник помещение жилое наниматель
наймодатель обязательство исполнение расторжение изменение суд нарушение убытки неустойка
залог поручительство кредитор должник заем кредит банк вклад счет страхование страховщик страхователь перевозка
подряд заказчик подрядчик работа услуга поставка товар покупатель продавец качество гарантия цена оплата
наследство наследник завещание наследодатель доля супруг брак алименты ребенок опека попечительство
организация общество участник устав уставный капитал акция облигация директор собрание реестр
регистрация государственный владение пользование распоряжение сделка недействительность доверенность
представитель уведомление письменный нотариус удостоверение земельный участок строение сооружение ремонт
капитальный текущий содержание коммунальный платеж взнос управление многоквартирный дом товарищество
налог налогоплательщик декларация вычет пени штраф ответственность вина возмещение вред моральный компенсация
трудовой работник работодатель увольнение отпуск заработная смена охрана дисциплинарный взыскание`
  .split(/\s+/)
  .filter(Boolean);
const SYLLABLES = "ба ве ги до ку ла ме ни ро сту та фи ха це ча ша эк юр ям ор ист ент ция ние ств".split(" ");
const TAIL_WORDS = 20_000;
const ARTICLES_PER_CHAPTER = 40;
const SUBJECTS_PER_CHAPTER = 6;

const QUESTIONS = [
  "Можно ли расторгнуть договор аренды, если арендатор не вносит плату?",
  "Как взыскать неустойку за нарушение срока поставки товара?",
  "Кто платит за капитальный ремонт в многоквартирном доме?",
  "Какая доля в наследстве положена супругу без завещания?",
  "Может ли работодатель уволить работника во время отпуска?",
  "Как вернуть товар ненадлежащего качества продавцу?",
  "Что говорит ст. 619 Кодекса-1 о досрочном расторжении?",
  "Договор займа подписан в марте 2019 года: какие проценты платит должник?",
  "Нужна ли нотариальная доверенность на сделку с земельным участком?",
  "Кто возмещает вред, причиненный работником организации?",
];

function generatedAct(seed) {
  const random = mulberry32(seed);
  const tail = mulberry32(7);
  const tailWords = Array.from({ length: TAIL_WORDS }, () =>
    Array.from({ length: 2 + Math.floor(tail() * 3) }, () => SYLLABLES[Math.floor(tail() * SYLLABLES.length)]).join(""),
  );
  const pick = (list) => list[Math.floor(random() * list.length)];
  // Zipf-like: the tail's first words far more often than its last.
  const tailWord = () => tailWords[Math.floor(random() ** 3 * tailWords.length)];
  let subjects = [];
  const word = () => {
    const r = random();
    return r < 0.3 ? pick(GENERAL) : r < 0.55 ? pick(subjects) : tailWord();
  };
  const sentence = (n) => Array.from({ length: n }, word).join(" ");
  const lines = [`КОДЕКС ДЛЯ ИЗМЕРЕНИЯ ${seed}`];
  for (let i = 1; i <= ARTICLES_PER_ACT; i++) {
    if (i % ARTICLES_PER_CHAPTER === 1) {
      subjects = Array.from({ length: SUBJECTS_PER_CHAPTER }, () => pick(SUBJECTS));
      lines.push(`Глава ${Math.ceil(i / ARTICLES_PER_CHAPTER)}. ${sentence(3)}`);
    }
    lines.push(`Статья ${i}. ${sentence(3 + Math.floor(random() * 4))}`);
    const parts = 1 + Math.floor(random() * 4);
    for (let p = 1; p <= parts; p++) lines.push(`${p}. ${sentence(20 + Math.floor(random() * 50))}.`);
  }
  return lines.join("\n");
}

const stats = (values) => ({ p50: percentile(values, 50), p99: percentile(values, 99) });
const fmt = (n) => Number(n).toFixed(1);

const q = (value) => (value === null ? "NULL" : `'${String(value).replaceAll("'", "''")}'`);
// D1 takes statements up to 100 KB.
const STATEMENT_BYTES = 90_000;

/** Multi-row INSERTs of `rows` (arrays of SQL literals) into `table (columns)`, each under D1's statement size. */
function inserts(table, columns, rows) {
  const out = [];
  let values = [];
  let bytes = 0;
  const flush = () => {
    if (values.length) out.push(`INSERT INTO ${table} (${columns}) VALUES ${values.join(", ")};`);
    values = [];
    bytes = 0;
  };
  for (const row of rows) {
    const value = `(${row.join(", ")})`;
    const size = Buffer.byteLength(value) + 2;
    if (bytes + size > STATEMENT_BYTES) flush();
    values.push(value);
    bytes += size;
  }
  flush();
  return out;
}

/**
 * The generated library as SQL, split by the Worker's own parser and indexed by its own terms (as the import and the
 * demo seed write them), loaded with `wrangler d1 execute`: through the platform proxy the import itself took minutes
 * here and the proxy gave out midway.
 */
function loadLibrary(persistTo) {
  const acts = [];
  const articles = [];
  const editions = [];
  const index = [];
  let id = 0;
  for (let act = 1; act <= ACTS; act++) {
    const parsed = parseAct(generatedAct(act));
    acts.push([act, q(`Кодекс-${act}`), q(parsed.title ?? `Кодекс-${act}`)]);
    parsed.articles.forEach((a, position) => {
      id += 1;
      articles.push([id, act, q(a.number), q(JSON.stringify(a.path)), position]);
      editions.push([id, id, q(a.title), q(a.text), q(JSON.stringify(a.parts)), q("2018-01-01")]);
      index.push([id, q(indexTerms(a.title)), q(indexTerms(a.text))]);
    });
  }
  const sql = [
    ...inserts("law_acts", "id, short_name, title", acts),
    ...inserts("law_articles", "id, act_id, number, path, position", articles),
    ...inserts("law_article_editions", "id, article_id, title, text, parts, in_force_from", editions),
    ...inserts("law_search", "rowid, title, body", index),
  ].join("\n");
  const file = path.join(persistTo, "bench-law.sql");
  writeFileSync(file, sql);
  const started = performance.now();
  wrangler(["d1", "execute", "LAW_DB", "--local", "--persist-to", persistTo, "--file", file]);
  return { articles: id, loadMs: performance.now() - started, sqlMb: Buffer.byteLength(sql) / 1e6 };
}

/** `relevantArticles` timed on the library in `persistTo`'s LAW_DB, from Node through wrangler's platform proxy. */
async function searchTimes(persistTo) {
  const proxy = await getPlatformProxy({
    configPath: path.join(root, "wrangler.toml"),
    persist: { path: path.join(persistTo, "v3") },
  });
  try {
    const db = lawDb(proxy.env.LAW_DB);
    for (const question of QUESTIONS) await relevantArticles(db, question, { date: TODAY, limit: LIMIT });
    const times = [];
    const found = [];
    for (let i = 0; i < SEARCHES; i++) {
      const question = QUESTIONS[i % QUESTIONS.length];
      const date = i % 2 ? TODAY : "2019-03-31";
      const t = performance.now();
      const hits = await relevantArticles(db, question, { date, limit: LIMIT });
      times.push(performance.now() - t);
      found.push(hits.length);
    }
    // A round trip through the proxy that does no work: what of each search is the proxy's, not the query's.
    const trips = [];
    for (let i = 0; i < SEARCHES; i++) {
      const t = performance.now();
      await proxy.env.LAW_DB.prepare("SELECT 1").all();
      trips.push(performance.now() - t);
    }
    return { search: stats(times), trip: stats(trips), found: stats(found) };
  } finally {
    await proxy.dispose();
  }
}

async function signUp(app, persistTo, email) {
  const json = { "content-type": "application/json" };
  const password = "bench-password-1";
  const reg = await fetch(`${app}/api/v2/users/`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email, password, consent: true }),
  });
  if (reg.status !== 201) throw new Error(`регистрация: ${reg.status} ${await reg.text()}`);
  const { access_token: token } = await reg.json();
  const accepted = await fetch(`${app}/api/v2/disclaimers/explain_law/accept`, {
    method: "POST",
    headers: { "jwt-token": token },
  });
  if (!accepted.ok) throw new Error(`согласие: ${accepted.status}`);
  const file = path.join(persistTo, "bench-limits.sql");
  writeFileSync(
    file,
    `INSERT INTO limits (user_id, requests, available_requests, is_unlimited, source) ` +
      `SELECT id, 0, 0, 1, 'admin' FROM users WHERE email = '${email}';`,
  );
  wrangler(["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file]);
  return { "jwt-token": token, "content-type": "application/json" };
}

/** One law-mode send's first chunk, ms; waits until the reply is saved, as a user reads before asking again. */
async function send(app, auth, question) {
  const started = performance.now();
  const res = await fetch(`${app}/api/v2/topics/start/stream/`, {
    method: "POST",
    headers: auth,
    body: JSON.stringify({ message: { text: question, attachments: [] }, assistant_type: "explain_law" }),
  });
  const topicId = res.headers.get("x-topic-id");
  const first = await timeFirstChunk(started, res, replyText);
  for (;;) {
    const history = await (await fetch(`${app}/api/v2/topics/${topicId}/history/`, { headers: auth })).json();
    if (history.some((m) => m.role === "assistant")) return first;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function firstChunks(persistOn) {
  const persistOff = `${persistOn}-off`;
  rmSync(persistOff, { recursive: true, force: true });
  cpSync(persistOn, persistOff, { recursive: true });
  const model = await startFakeModel(PORTS.model);
  const vars = workerVarsFor(PORTS.model);
  // One after the other: two \`wrangler dev\` starting at once on a loaded machine take minutes.
  // Without the DevTools inspector, as the other suites that compare two Workers (docs/scale.md "How the benchmarks
  // run the Workers").
  const on = startWorker({ port: PORTS.on, persistTo: persistOn, stdio: "ignore", vars, inspector: false });
  let off;
  try {
    await waitForHealth(PORTS.on, START_MS);
    off = startWorker({
      port: PORTS.off,
      persistTo: persistOff,
      stdio: "ignore",
      vars: { ...vars, LAW_RETRIEVAL: "off" },
      inspector: false,
    });
    await waitForHealth(PORTS.off, START_MS);
    const apps = { on: `http://127.0.0.1:${PORTS.on}`, off: `http://127.0.0.1:${PORTS.off}` };
    const auth = {
      on: await signUp(apps.on, persistOn, "bench-law@bench.local"),
      off: await signUp(apps.off, persistOff, "bench-law@bench.local"),
    };
    for (const where of ["on", "off"]) await send(apps[where], auth[where], QUESTIONS[0]);
    const times = { on: [], off: [], added: [] };
    for (let i = 0; i < SENDS; i++) {
      const question = QUESTIONS[i % QUESTIONS.length];
      // Alternate which goes first, so neither gains from the other's warm caches.
      const order = i % 2 ? ["on", "off"] : ["off", "on"];
      const t = {};
      for (const where of order) t[where] = await send(apps[where], auth[where], question);
      times.on.push(t.on);
      times.off.push(t.off);
      times.added.push(t.on - t.off);
    }
    return { on: stats(times.on), off: stats(times.off), added: stats(times.added) };
  } finally {
    await Promise.all([stopWorker(on), off && stopWorker(off)]);
    model.close();
    rmSync(persistOff, { recursive: true, force: true });
  }
}

export async function benchLawRetrieval() {
  const persistTo = path.join(root, ".wrangler/bench-law");
  rmSync(persistTo, { recursive: true, force: true });
  migrate(persistTo);
  const library = { ...loadLibrary(persistTo), ...(await searchTimes(persistTo)) };
  console.log(`  retrieval: ${JSON.stringify(library)}`);
  const sends = await firstChunks(persistTo);
  console.log(`  first chunk: ${JSON.stringify(sends)}`);
  rmSync(persistTo, { recursive: true, force: true });
  const met = (value, goal) => (value <= goal ? "met" : `**missed by ${fmt(value - goal)} ms**`);
  return `### Retrieval

A generated library the size of the main codes: ${ACTS} acts of ${ARTICLES_PER_ACT.toLocaleString("en")} articles
(${library.articles.toLocaleString("en")} articles, one to four parts of 20–70 words each; three words in ten from ${GENERAL.length}
general legal words, a quarter from the chapter's ${SUBJECTS_PER_CHAPTER} subject words (of ${SUBJECTS.length}, a chapter
every ${ARTICLES_PER_CHAPTER} articles), the rest from a Zipf-like tail of ${TAIL_WORDS.toLocaleString("en")} made-up
words: a subject word lands in a few hundred articles, as «аренда» does in a real code), split by the Worker's own
parser and indexed by its own terms into a local LAW_DB (${fmt(library.sqlMb)} MB of SQL, loaded in
${fmt(library.loadMs / 1000)} s; scripts/bench/law-retrieval.mjs).

\`relevantArticles(lawDb, question, {date, limit: ${LIMIT}})\` on ${QUESTIONS.length} everyday questions, ${SEARCHES}
searches, half of them at today and half at 2019-03-31, run from Node on the local D1 through wrangler's platform
proxy: **${fmt(library.search.p50)} ms p50, ${fmt(library.search.p99)} ms p99** (goal ≤ 20 ms p50: ${met(library.search.p50, 20)}).
That includes the proxy's round trips (one for the search, and one per article the question names); a query that does nothing takes ${fmt(library.trip.p50)} ms p50, ${fmt(library.trip.p99)} ms p99 through it.
Articles found per search: ${library.found.p50} p50.

What retrieval adds to a law-mode send's first chunk: the same \`POST /api/v2/topics/start/stream/\`
(\`explain_law\`, the fake model of the conversations bench) to two Workers on copies of that library, one started with
\`LAW_RETRIEVAL=off\`, alternately, ${SENDS} sends each, in one run:

| | first chunk p50, ms | p99, ms |
|---|---|---|
| with retrieval | ${fmt(sends.on.p50)} | ${fmt(sends.on.p99)} |
| without (\`LAW_RETRIEVAL=off\`) | ${fmt(sends.off.p50)} | ${fmt(sends.off.p99)} |
| added (each pair) | **${fmt(sends.added.p50)}** | **${fmt(sends.added.p99)}** |

Goal ≤ 10 ms p50 added: ${met(sends.added.p50, 10)}.`;
}
