// Law (issue 30): precision and recall of the citation finder (worker/law/citations/) on the hand-written
// phrasing set the Worker test scores (test/worker/fixtures/law-phrasings.ts) and on the held-out set written
// after the finder was done and never used to tune it (law-held-out.ts), and how fast it reads a reply.
// `npm run bench` runs under tsx, so the TypeScript modules load as they are.
import { performance } from "node:perf_hooks";
import { findCitations } from "../../worker/law/citations/index.ts";
import { benchLawRetrieval } from "./law-retrieval.mjs";
import { HELD_OUT } from "../../test/worker/fixtures/law-held-out.ts";
import { PHRASINGS } from "../../test/worker/fixtures/law-phrasings.ts";
import { PRECISION_GOAL, RECALL_GOAL, scoreSet } from "../../test/worker/law-score.ts";

const REPLY_CHARS = 4_000;
const RUNS = 200;

function row(name, set) {
  const s = scoreSet(findCitations, set);
  const met = s.recall >= RECALL_GOAL && s.precision >= PRECISION_GOAL;
  return {
    line:
      `| ${name} | ${s.sentences} | ${s.expected} | ${s.found} | ${s.matched} | ${s.precision.toFixed(3)} | ` +
      `${s.recall.toFixed(3)} | ${met ? "yes" : "**no**"} |`,
    wrong: [...s.misses.map((m) => `missed: ${m}`), ...s.extras.map((e) => `found, not expected: ${e}`)],
  };
}

/** Milliseconds to read a reply of REPLY_CHARS made of the phrasing set's sentences: the median of RUNS. */
function replyTime() {
  let reply = "";
  for (let i = 0; reply.length < REPLY_CHARS; i++) reply += `${PHRASINGS[(i * 7) % PHRASINGS.length].text} `;
  findCitations(reply);
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    findCitations(reply);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

export async function benchLaw() {
  const rows = [row("phrasing set (law-phrasings.ts)", PHRASINGS), row("held-out set (law-held-out.ts)", HELD_OUT)];
  const wrong = rows.flatMap((r) => r.wrong);
  return `### Finding citations

An item counts as found when a sentence's expected item has the same act, article, part, point and subpoint
(test/worker/law-score.ts). Goal of issue 30: recall ≥ ${RECALL_GOAL} and precision ≥ ${PRECISION_GOAL}.

| set | sentences | items expected | found | correct | precision | recall | goal met |
|---|---|---|---|---|---|---|---|
${rows.map((r) => r.line).join("\n")}

${wrong.length ? `What it got wrong:\n\n${wrong.map((w) => `- ${w}`).join("\n")}` : "Nothing wrong in either set."}

\`findCitations()\` on a ${REPLY_CHARS.toLocaleString("en")}-character reply: ${replyTime().toFixed(2)} ms (median of ${RUNS} runs on Node ${process.version}).

${await benchLawRetrieval()}`;
}
