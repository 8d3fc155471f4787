import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { actContentsSchema } from "../../worker/law/schemas";
import { GK_2020, GK_2024 } from "./fixtures/law";
import { call, createAdmin, detailOf, registerUser } from "./helpers";

// An act's table of contents, GET /api/v2/law/{act} (docs/law.md "Reading an article"): the article page's
// list of articles, in the act's order, with the current edition's titles and repeals.

async function importEdition(token: string, act: string, text: string, date: string) {
  const form = new FormData();
  form.append("file", new File([text], "act.txt"));
  form.append("act", act);
  form.append("in_force_from", date);
  const res = await SELF.fetch("http://app.test/api/v2/law/import", {
    method: "POST",
    headers: { "jwt-token": token },
    body: form,
  });
  expect(res.status).toBe(200);
}

const contents = (token: string | null, act: string) =>
  call(`/law/${encodeURIComponent(act)}`, { headers: token ? { "jwt-token": token } : {} });

describe("an act's table of contents", () => {
  it("lists the articles in the act's order with their sections, current titles and repeals", async () => {
    const admin = (await createAdmin()).record.access_token;
    const act = `ГК РФ ${crypto.randomUUID().slice(0, 6)}`;
    await importEdition(admin, act, GK_2020, "2020-01-01");
    await importEdition(admin, act, GK_2024, "2024-01-01");
    const user = (await registerUser()).record.access_token;
    const res = await contents(user, act);
    expect(res.status).toBe(200);
    const body = actContentsSchema.parse(await res.json());
    expect(body).toMatchObject({ short_name: act, title: "ГРАЖДАНСКИЙ КОДЕКС РОССИЙСКОЙ ФЕДЕРАЦИИ", demo: false });
    expect(body.articles.map((a) => [a.number, a.repealed])).toEqual([
      ["606", false],
      ["614", false],
      ["614.1", true],
      ["671", false],
      ["1062.1", false],
    ]);
    expect(body.articles[0]).toEqual({
      number: "606",
      title: "Договор аренды",
      path: ["РАЗДЕЛ IV. ОТДЕЛЬНЫЕ ВИДЫ ОБЯЗАТЕЛЬСТВ", "Глава 34. Аренда", "§ 1. Общие положения об аренде"],
      repealed: false,
    });
    expect(body.articles[2].title).toMatch(/^Утратила силу/);
    expect(body.articles[4].path).toEqual([
      "РАЗДЕЛ VII. ПРАВА НА РЕЗУЛЬТАТЫ ИНТЕЛЛЕКТУАЛЬНОЙ ДЕЯТЕЛЬНОСТИ",
      "Глава 55. Простое товарищество",
    ]);
  });

  it("answers 404 «Акт не найден в библиотеке» for an act it lacks, and 401 to a visitor", async () => {
    const user = (await registerUser()).record.access_token;
    const missing = await contents(user, "Нет такого кодекса");
    expect(missing.status).toBe(404);
    expect(await detailOf(missing)).toBe("Акт не найден в библиотеке");
    expect((await contents(null, "ГК РФ")).status).toBe(401);
  });
});
