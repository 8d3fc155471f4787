// The demo library's SQL for `npm start` (docs/law.md "Demo library"): the excerpts beside this file,
// split by the Worker's own parser, as an act marked `demo`. Run by scripts/lib/local.mjs through tsx.
import { readFileSync } from "node:fs";
import path from "node:path";
import { indexTerms } from "../../worker/law/search/terms.ts";
import { parseAct } from "../../worker/law/services/parse.ts";

export const DEMO_ACTS = [
  {
    file: "gk-rf.txt",
    act: "ГК РФ",
    title: "Гражданский кодекс Российской Федерации",
    aliases: ["Гражданский кодекс", "ГК"],
  },
  {
    file: "zhk-rf.txt",
    act: "ЖК РФ",
    title: "Жилищный кодекс Российской Федерации",
    aliases: ["Жилищный кодекс", "ЖК"],
  },
];
// The demo editions' date: made up, as the texts are excerpts.
const DEMO_FROM = "2024-01-01";

const q = (value: string | null) => (value === null ? "NULL" : `'${value.replaceAll("'", "''")}'`);

/** SQL that adds the demo acts missing from the library (an act already there, demo or imported, is left). */
export function demoSql(): string {
  const statements: string[] = [];
  for (const demo of DEMO_ACTS) {
    const parsed = parseAct(readFileSync(path.join(import.meta.dirname, demo.file), "utf8"));
    const act = `(SELECT id FROM law_acts WHERE short_name = ${q(demo.act)})`;
    statements.push(
      `INSERT OR IGNORE INTO law_acts (short_name, title, aliases, demo) VALUES (${q(demo.act)}, ${q(demo.title)}, ` +
        `${q(JSON.stringify(demo.aliases))}, 1)`,
    );
    parsed.articles.forEach((a, position) => {
      const article = `(SELECT id FROM law_articles WHERE act_id = ${act} AND number = ${q(a.number)})`;
      statements.push(
        `INSERT OR IGNORE INTO law_articles (act_id, number, path, position) SELECT id, ${q(a.number)}, ` +
          `${q(JSON.stringify(a.path))}, ${position} FROM law_acts WHERE short_name = ${q(demo.act)} AND demo = 1`,
        `INSERT INTO law_article_editions (article_id, title, text, parts, in_force_from, repealed, repealed_on) ` +
          `SELECT ${article}, ${q(a.title)}, ${q(a.text)}, ${q(JSON.stringify(a.parts))}, ${q(DEMO_FROM)}, ` +
          `${a.repealed ? 1 : 0}, ${q(a.repealedOn)} WHERE NOT EXISTS (SELECT 1 FROM law_article_editions WHERE ` +
          `article_id = ${article}) AND (SELECT demo FROM law_acts WHERE short_name = ${q(demo.act)}) = 1`,
        // Its row in the search index (docs/law.md "Answers grounded in the text"), also for a library seeded before it.
        `INSERT INTO law_search (rowid, title, body) SELECT e.id, ${q(indexTerms(a.title))}, ${q(indexTerms(a.text))} ` +
          `FROM law_article_editions e WHERE e.article_id = ${article} AND e.repealed = 0 AND e.in_force_from = ` +
          `${q(DEMO_FROM)} AND e.id NOT IN (SELECT rowid FROM law_search) AND (SELECT demo FROM law_acts WHERE ` +
          `short_name = ${q(demo.act)}) = 1`,
      );
    });
  }
  return `${statements.join(";\n")};\n`;
}

if (process.argv[1] === import.meta.filename) process.stdout.write(demoSql());
