import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { articleSchema, importReportSchema } from "../../worker/law/schemas";
import { DOCX_PARAGRAPHS, GK_2020, GK_2024, JK_HTML } from "./fixtures/law";
import { cp1251, makeDocx, makePdf } from "./fixtures/files";
import { call, createAdmin, detailOf, registerUser } from "./helpers";

// The law library's import (docs/law.md "The library"): each format, a newer edition, a repeal, the same
// file twice, and the article at two dates, through the API as an operator and a user call it.

const uniqueAct = (name: string) => `${name} ${crypto.randomUUID().slice(0, 6)}`;

async function importFile(
  token: string,
  fields: { file?: Uint8Array | string; act?: string; in_force_from?: string; name?: string },
) {
  const form = new FormData();
  if (fields.file !== undefined) form.append("file", new File([fields.file], fields.name ?? "act.txt"));
  if (fields.act !== undefined) form.append("act", fields.act);
  if (fields.in_force_from !== undefined) form.append("in_force_from", fields.in_force_from);
  return SELF.fetch("http://app.test/api/v2/law/import", {
    method: "POST",
    headers: { "jwt-token": token },
    body: form,
  });
}

const article = (token: string, act: string, number: string, date?: string) =>
  call(`/law/${encodeURIComponent(act)}/${number}${date ? `?date=${date}` : ""}`, {
    headers: { "jwt-token": token },
  });

type Article = {
  title: string;
  path: string[];
  status: string;
  repealed_on: string | null;
  edition: { in_force_from: string; in_force_to: string | null; text: string; parts: unknown[] };
  editions: { in_force_from: string; in_force_to: string | null; repealed: boolean }[];
};

describe("law import", () => {
  it("splits plain text by articles, keeps sections, chapters, parts and points", async () => {
    const admin = (await createAdmin()).record.access_token;
    const act = uniqueAct("ГК РФ");
    const res = await importFile(admin, { file: GK_2020, act, in_force_from: "2020-01-01" });
    expect(res.status).toBe(200);
    const report = await res.json();
    // The shapes the OpenAPI document gives.
    importReportSchema.parse(report);
    expect(report).toEqual({
      act,
      articles: 4,
      changed: 4,
      unchanged: 0,
      repealed: 0,
      unplaced_lines: 0,
      unplaced: [],
    });
    const got = (await (await article(admin, act, "614", "2021-05-05")).json()) as Article;
    articleSchema.parse(got);
    expect(got.title).toBe("Арендная плата");
    expect(got.path).toEqual([
      "РАЗДЕЛ IV. ОТДЕЛЬНЫЕ ВИДЫ ОБЯЗАТЕЛЬСТВ",
      "Глава 34. Аренда",
      "§ 1. Общие положения об аренде",
    ]);
    expect(got.status).toBe("in_force");
    expect(got.edition.parts).toEqual([
      { number: "1", text: expect.stringContaining("Арендатор обязан"), points: [] },
      {
        number: "2",
        text: expect.stringContaining("Арендная плата устанавливается"),
        points: [
          { number: "1", text: "определенных в твердой сумме платежей;" },
          { number: "2", text: expect.stringContaining("установленной доли") },
        ],
      },
    ]);
    const renting = (await (await article(admin, act, "671", "2021-05-05")).json()) as Article;
    expect(renting.path).toEqual(["РАЗДЕЛ IV. ОТДЕЛЬНЫЕ ВИДЫ ОБЯЗАТЕЛЬСТВ", "Глава 35. Наем жилого помещения"]);
  });

  it("a newer edition closes the changed articles, keeps the rest, and records a repeal with its date", async () => {
    const admin = (await createAdmin()).record.access_token;
    const act = uniqueAct("ГК РФ");
    expect((await importFile(admin, { file: GK_2020, act, in_force_from: "2020-01-01" })).status).toBe(200);
    const res = await importFile(admin, { file: GK_2024, act, in_force_from: "2024-01-01" });
    expect(await res.json()).toMatchObject({ articles: 5, changed: 3, unchanged: 2, repealed: 1, unplaced_lines: 0 });

    const before = (await (await article(admin, act, "614", "2023-12-31")).json()) as Article;
    expect(before.edition.text).not.toContain("в сроки, предусмотренные договором");
    expect(before.edition).toMatchObject({ in_force_from: "2020-01-01", in_force_to: "2024-01-01" });
    const after = (await (await article(admin, act, "614", "2024-01-01")).json()) as Article;
    expect(after.edition.text).toContain("в сроки, предусмотренные договором");
    expect(after.editions).toEqual([
      { in_force_from: "2020-01-01", in_force_to: "2024-01-01", repealed: false },
      { in_force_from: "2024-01-01", in_force_to: null, repealed: false },
    ]);

    const kept = (await (await article(admin, act, "606", "2025-01-01")).json()) as Article;
    expect(kept.editions).toEqual([{ in_force_from: "2020-01-01", in_force_to: null, repealed: false }]);

    const repealed = (await (await article(admin, act, "614.1", "2024-06-01")).json()) as Article;
    expect(repealed).toMatchObject({ status: "repealed", repealed_on: "2024-01-01" });
    const earlier = (await (await article(admin, act, "614.1", "2022-06-01")).json()) as Article;
    expect(earlier.status).toBe("in_force");

    const added = await article(admin, act, "1062.1", "2024-02-01");
    expect(added.status).toBe(200);
    expect(await (await article(admin, act, "1062.1", "2023-02-01")).json()).toEqual({
      detail: "На эту дату статья ещё не действовала",
    });
  });

  it("the same file twice changes nothing", async () => {
    const admin = (await createAdmin()).record.access_token;
    const act = uniqueAct("ГК РФ");
    await importFile(admin, { file: GK_2024, act, in_force_from: "2024-01-01" });
    const again = await importFile(admin, { file: GK_2024, act, in_force_from: "2024-01-01" });
    expect(await again.json()).toMatchObject({ articles: 5, changed: 0, unchanged: 5 });
    const later = await importFile(admin, { file: GK_2024, act, in_force_from: "2025-01-01" });
    expect(await later.json()).toMatchObject({ changed: 0, unchanged: 5 });
    const got = (await (await article(admin, act, "614", "2025-06-01")).json()) as Article;
    expect(got.editions).toHaveLength(1);
  });

  it("a code's worth of articles goes in batches; a newer edition of every one closes each old one", async () => {
    const admin = (await createAdmin()).record.access_token;
    const act = uniqueAct("НК РФ");
    const code = (edition: string) =>
      Array.from(
        { length: 260 },
        (_, i) => `Статья ${i + 1}. Заголовок ${i + 1}\nТекст ${edition} статьи ${i + 1}.`,
      ).join("\n");
    const first = await importFile(admin, { file: code("первой редакции"), act, in_force_from: "2020-01-01" });
    expect(await first.json()).toMatchObject({ articles: 260, changed: 260 });
    const second = await importFile(admin, { file: code("второй редакции"), act, in_force_from: "2021-01-01" });
    expect(await second.json()).toMatchObject({ articles: 260, changed: 260, unchanged: 0 });
    const last = (await (await article(admin, act, "260", "2020-06-01")).json()) as Article;
    expect(last.edition).toMatchObject({ text: "Текст первой редакции статьи 260.", in_force_to: "2021-01-01" });
    expect(last.editions).toHaveLength(2);
  });

  it("takes a file over the JSON routes' 1 MB limit", async () => {
    const admin = (await createAdmin()).record.access_token;
    const act = uniqueAct("КоАП РФ");
    const paragraph = "Текст части статьи, достаточно длинный, чтобы файл вышел больше мегабайта. ".repeat(30);
    const text = Array.from({ length: 300 }, (_, i) => `Статья ${i + 1}. Статья\n1. ${paragraph}`).join("\n");
    expect(new TextEncoder().encode(text).byteLength).toBeGreaterThan(1024 * 1024);
    const res = await importFile(admin, { file: text, act, in_force_from: "2022-01-01" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ articles: 300, changed: 300 });
  });

  it("reads HTML: tags dropped, paragraphs and entities kept, a repeal without a date, unplaced lines", async () => {
    const admin = (await createAdmin()).record.access_token;
    const act = uniqueAct("ЖК РФ");
    const res = await importFile(admin, { file: JK_HTML, act, in_force_from: "2005-03-01", name: "jk.html" });
    expect(await res.json()).toMatchObject({
      articles: 2,
      repealed: 1,
      unplaced_lines: 1,
      unplaced: ["Принят Государственной Думой 22 декабря 2004 года"],
    });
    const got = (await (await article(admin, act, "30", "2010-01-01")).json()) as Article;
    expect(got.title).toBe("Права и обязанности собственника жилого помещения");
    expect(got.path).toEqual(["Раздел II. ПРАВО СОБСТВЕННОСТИ", "Глава 5. Права и обязанности собственников"]);
    expect(got.edition.text).toContain("«гражданину»");
    expect(got.edition.text.split("\n")[0]).toMatch(/^1\. Собственник жилого помещения/);
    const repealed = (await (await article(admin, act, "31", "2010-01-01")).json()) as Article;
    // No date in the text: the edition's own date.
    expect(repealed).toMatchObject({ status: "repealed", repealed_on: "2005-03-01" });
  });

  it("reads windows-1251 text", async () => {
    const admin = (await createAdmin()).record.access_token;
    const act = uniqueAct("ГК РФ");
    // The test's windows-1251 table has no «§».
    const text = GK_2020.replace(/^§.*\n/m, "");
    const res = await importFile(admin, { file: cp1251(text), act, in_force_from: "2020-01-01" });
    expect(await res.json()).toMatchObject({ articles: 4, unplaced_lines: 0 });
  });

  it("reads DOCX, a bare heading's title on the next line", async () => {
    const admin = (await createAdmin()).record.access_token;
    const act = uniqueAct("1-ФЗ");
    const docx = await makeDocx(DOCX_PARAGRAPHS);
    const res = await importFile(admin, { file: docx, act, in_force_from: "2019-07-01", name: "law.docx" });
    expect(await res.json()).toMatchObject({ articles: 2, changed: 2, unplaced_lines: 0 });
    const first = (await (await article(admin, act, "1", "2020-01-01")).json()) as Article;
    expect(first.title).toBe("Предмет регулирования");
    expect(first.path).toEqual(["Глава 1. Общие положения"]);
    const second = (await (await article(admin, act, "2", "2020-01-01")).json()) as Article;
    expect(second.edition.parts).toEqual([
      {
        number: null,
        text: "Для целей настоящего Федерального закона используются следующие понятия:",
        points: [
          { number: "1", text: "тест — проверка, которая может не пройти;" },
          { number: "2", text: "фикстура — данные для теста." },
        ],
      },
    ]);
  });
});

describe("law import: who and what", () => {
  it("a guest gets 401, a user 403", async () => {
    const { record } = await registerUser();
    const form = new FormData();
    form.append("file", new File([GK_2020], "act.txt"));
    form.append("act", "ГК РФ");
    form.append("in_force_from", "2020-01-01");
    const guest = await SELF.fetch("http://app.test/api/v2/law/import", { method: "POST", body: form });
    expect(guest.status).toBe(401);
    expect(
      (await importFile(record.access_token, { file: GK_2020, act: "ГК РФ", in_force_from: "2020-01-01" })).status,
    ).toBe(403);
    expect((await call("/law/ГК РФ/614")).status).toBe(401);
  });

  it("bad input is a Russian 422, never a 500", async () => {
    const admin = (await createAdmin()).record.access_token;
    const act = uniqueAct("ГК РФ");
    const cases: [Parameters<typeof importFile>[1], RegExp][] = [
      [{ act, in_force_from: "2020-01-01" }, /Выберите файл/],
      [{ file: GK_2020, in_force_from: "2020-01-01" }, /краткое название акта/],
      [{ file: GK_2020, act }, /ГГГГ-ММ-ДД/],
      [{ file: GK_2020, act, in_force_from: "01.01.2020" }, /ГГГГ-ММ-ДД/],
      [{ file: "Просто письмо без статей.", act, in_force_from: "2020-01-01" }, /не найдено ни одной статьи/],
      [{ file: makePdf(["Статья 1. Текст"]), act, in_force_from: "2020-01-01" }, /текст, HTML или DOCX/],
      [{ file: new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]), act, in_force_from: "2020-01-01" }, /текст, HTML или DOCX/],
    ];
    for (const [fields, message] of cases) {
      const res = await importFile(admin, fields);
      expect(res.status).toBe(422);
      expect(JSON.stringify(await detailOf(res))).toMatch(message);
    }
    await importFile(admin, { file: GK_2024, act, in_force_from: "2024-01-01" });
    const older = await importFile(admin, { file: GK_2020, act, in_force_from: "2020-01-01" });
    expect(older.status).toBe(422);
    expect(await detailOf(older)).toMatch(/уже есть редакция этого акта от 2024-01-01/);
  });

  it("the article route: unknown act or article is 404, a bad date 422", async () => {
    const admin = (await createAdmin()).record.access_token;
    const act = uniqueAct("ГК РФ");
    await importFile(admin, { file: GK_2020, act, in_force_from: "2020-01-01" });
    const { record } = await registerUser();
    const user = record.access_token;
    expect((await article(user, act, "614", "2020-01-01")).status).toBe(200);
    const missing = await article(user, act, "9999", "2020-01-01");
    expect(missing.status).toBe(404);
    expect(await detailOf(missing)).toBe("Статья не найдена");
    const unknown = await article(user, "НК РФ несуществующий", "1");
    expect(await detailOf(unknown)).toBe("Акт не найден в библиотеке");
    expect((await article(user, act, "614", "2020-13-45")).status).toBe(422);
    expect((await article(user, act, "abc")).status).toBe(422);
    // Before its first edition.
    expect((await article(user, act, "614", "2019-12-31")).status).toBe(404);
    // Today (Moscow) by default.
    expect((await article(user, act, "614")).status).toBe(200);
  });
});
