import { env, SELF } from "cloudflare:test";
import { expect } from "vitest";

// The law library as the tests that check a reply's citations need it (docs/law.md "Every citation checked").

/** ГК РФ with ст. 619 in force and nothing at 9999, seeded only where missing (another file may have it). */
export async function seedCivilCode() {
  await env.LAW_DB.prepare(
    "INSERT OR IGNORE INTO law_acts (short_name, title) VALUES ('ГК РФ', 'Гражданский кодекс Российской Федерации')",
  ).run();
  await env.LAW_DB.prepare(
    `INSERT OR IGNORE INTO law_articles (act_id, number, position)
     SELECT id, '619', 619 FROM law_acts WHERE short_name = 'ГК РФ'`,
  ).run();
  await env.LAW_DB.prepare(
    `INSERT INTO law_article_editions (article_id, title, text, parts, in_force_from)
     SELECT r.id, 'Досрочное расторжение договора по требованию арендодателя', 'По требованию арендодателя…', '[]',
       '2000-01-01'
     FROM law_articles r JOIN law_acts a ON a.id = r.act_id
     WHERE a.short_name = 'ГК РФ' AND r.number = '619'
       AND NOT EXISTS (SELECT 1 FROM law_article_editions e WHERE e.article_id = r.id)`,
  ).run();
}

/** An edition of `act` imported by an admin through POST /law/import. */
export async function importEdition(token: string, act: string, text: string, inForceFrom: string) {
  const form = new FormData();
  form.append("file", new File([text], "act.txt"));
  form.append("act", act);
  form.append("in_force_from", inForceFrom);
  const init = { method: "POST", headers: { "jwt-token": token }, body: form };
  expect((await SELF.fetch("http://app.test/api/v2/law/import", init)).status).toBe(200);
}
