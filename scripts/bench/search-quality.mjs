// Search quality: how often one form of a word finds another, and how often a word finds an unrelated
// one, with the Worker's rules (worker/conversations/search/words.ts, lexicon.ts) and its dictionary
// (OpenCorpora, worker/extractor/lemmas.ts). The forms come from the OTHER dictionary, hunspell's
// (dictionary-ru): its lemmas with their suffix rules expanded, so the figure is not our own output.
import { readFileSync } from "node:fs";
import path from "node:path";
import { lemmatizerOf } from "../../worker/extractor/lemmas.ts";
import { termsOf } from "../../worker/conversations/search/lexicon.ts";
import { queryWordsOf, stemMatches, stemOf, termMatches } from "../../worker/conversations/search/words.ts";
import { root } from "../lib/local.mjs";
import { mulberry32 } from "./random.mjs";

const PER_CLASS = 400;
const SEED = 27;

const normal = (word) => word.toLowerCase().replaceAll("ё", "е");
const arrayBuffer = (file) => {
  const bytes = readFileSync(file);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
};

/** The Worker's lexicon without the RPC: the extractor's lemmatizer called in process. */
export function localLexicon() {
  const dicts = path.join(root, "node_modules/az/dicts");
  const lemmatize = lemmatizerOf({
    words: arrayBuffer(path.join(dicts, "words.dawg")),
    paradigms: arrayBuffer(path.join(dicts, "paradigms.array")),
    suffixes: JSON.parse(readFileSync(path.join(dicts, "suffixes.json"), "utf8")),
  });
  return { lemmas: async (words) => words.map((word) => lemmatize(normal(word))) };
}

// Hunspell's flags by the words they inflect (dictionary-ru's .aff): A adjectives; the verbs' and the
// nouns' sets as they occur with -ться and with -ость, -ние, -ка.
const classOf = (lemma, flags) => {
  if (flags.includes("A")) return "adjectives";
  if (/(ть|ти|чь)(ся|сь)?$/.test(lemma) && /[LPRBMDWUTQYV]/.test(flags) && !/[JFIHKONG]/.test(flags)) return "verbs";
  if (/[JFIHKONG]/.test(flags) && /^[а-я]+$/.test(lemma)) return "nouns";
  return null;
};

/** Hunspell's lexemes: a sample of each class with every form its rules make, and its short words without rules. */
function hunspellSample() {
  const dir = path.join(root, "node_modules/dictionary-ru");
  const rules = [];
  for (const line of readFileSync(path.join(dir, "index.aff"), "utf8").split("\n")) {
    const [kind, flag, strip, add, condition] = line.trim().split(/\s+/);
    if (kind !== "SFX" || condition === undefined) continue;
    const zero = (affix) => (affix === "0" ? "" : normal(affix));
    rules.push({
      flag,
      strip: zero(strip),
      add: zero(add),
      condition: new RegExp(`${condition === "." ? "" : normal(condition)}$`),
    });
  }
  const byClass = { verbs: [], nouns: [], adjectives: [] };
  const short = [];
  for (const line of readFileSync(path.join(dir, "index.dic"), "utf8").split("\n").slice(1)) {
    const [word, flags = ""] = line.trim().split("/");
    if (!word) continue;
    const lemma = normal(word);
    if (!flags && lemma.length <= 3 && /^[а-я]+$/.test(lemma)) short.push(lemma);
    const kind = classOf(lemma, flags);
    if (kind) byClass[kind].push({ lemma, flags });
  }
  const random = mulberry32(SEED);
  const pick = (list) => Array.from({ length: PER_CLASS }, () => list.splice(Math.floor(random() * list.length), 1)[0]);
  const formsOf = ({ lemma, flags }) => {
    const forms = new Set([lemma]);
    for (const r of rules) {
      if (flags.includes(r.flag) && lemma.endsWith(r.strip) && r.condition.test(lemma))
        forms.add(lemma.slice(0, lemma.length - r.strip.length) + r.add);
    }
    return [...forms];
  };
  const lexemes = Object.fromEntries(
    Object.entries(byClass).map(([kind, list]) => [
      kind,
      pick(list).map((e) => ({ lemma: e.lemma, forms: formsOf(e) })),
    ]),
  );
  return { lexemes, short };
}

/** The text words each one-word query finds: by the Worker's rule (lemmas), or by the stems' rule before it. */
function finders(words, terms) {
  const byTerm = new Map();
  for (const word of words)
    for (const term of terms.get(word).terms) byTerm.set(term, [...(byTerm.get(term) ?? []), word]);
  const stems = words.map((word) => [stemOf(word), word]).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const firstAtLeast = (stem) => {
    let [low, high] = [0, stems.length];
    while (low < high) {
      const mid = (low + high) >> 1;
      if (stems[mid][0] < stem) low = mid + 1;
      else high = mid;
    }
    return low;
  };
  return {
    lemmas: (query) => {
      const [asked] = queryWordsOf(query, terms);
      const found = asked.prefix ? [...byTerm.keys()].filter((term) => termMatches(term, asked)) : asked.terms;
      return new Set(found.flatMap((term) => byTerm.get(term) ?? []));
    },
    stems: (query) => {
      const stem = stemOf(query);
      const found = new Set();
      for (let i = firstAtLeast(stem); i < stems.length && stemMatches(stems[i][0], stem); i++) found.add(stems[i][1]);
      return found;
    },
  };
}

const share = (part, whole) => (whole ? part / whole : 0);

/**
 * For each rule (lemmas, stems): per class the share of ordered pairs of a lexeme's forms (A ≠ B) where
 * a query A finds a text B, and the share of queries (every form sampled) that find a word of no lemma
 * of theirs (hunspell's lemmas: the form's own, or the short word itself).
 */
export async function searchQuality() {
  const { lexemes, short } = hunspellSample();
  const lemmasOf = new Map(short.map((word) => [word, new Set([word])]));
  for (const lexeme of Object.values(lexemes).flat()) {
    for (const form of lexeme.forms) lemmasOf.set(form, (lemmasOf.get(form) ?? new Set()).add(lexeme.lemma));
  }
  const words = [...lemmasOf.keys()];
  const terms = await termsOf(localLexicon(), words);
  const find = finders(words, terms);
  const figures = {};
  for (const rule of ["lemmas", "stems"]) {
    const recall = {};
    for (const [kind, list] of Object.entries(lexemes)) {
      let pairs = 0;
      let found = 0;
      for (const { forms } of list) {
        for (const a of forms) {
          const hits = find[rule](a);
          for (const b of forms) {
            if (a === b) continue;
            pairs++;
            if (hits.has(b)) found++;
          }
        }
      }
      recall[kind] = { pairs, share: share(found, pairs) };
    }
    const queries = words.filter((word) => !short.includes(word));
    const strays = queries.filter((query) => {
      const own = lemmasOf.get(query);
      return [...find[rule](query)].some((word) => ![...lemmasOf.get(word)].some((lemma) => own.has(lemma)));
    });
    figures[rule] = { recall, unrelated: share(strays.length, queries.length) };
  }
  return {
    figures,
    lexemes: PER_CLASS,
    words: words.length,
    short: short.length,
    queries: words.length - short.length,
  };
}
