import { describe, expect, it } from "vitest";
import { findCitations } from "../../worker/law/citations";
import { PHRASINGS } from "./fixtures/law-phrasings";
import { PRECISION_GOAL, RECALL_GOAL, scoreSet } from "./law-score";

// The citation finder (docs/law.md "Finding citations"): each form issue 30 lists, with its exact place in the
// text, and the goal on the hand-written phrasing set.

/** The one citation group found in `text`, with its place checked against where `cited` stands in it. */
function foundAt(text: string, cited: string) {
  const found = findCitations(text);
  const start = text.indexOf(cited);
  for (const item of found) {
    expect(item).toMatchObject({ text: cited, start, end: start + cited.length });
    expect(text.slice(item.start, item.end)).toBe(item.text);
  }
  return found.map(({ text: _text, start: _start, end: _end, ...rest }) => rest);
}

describe("findCitations", () => {
  it("finds an article of a code by its abbreviation or its name in any case", () => {
    expect(foundAt("Согласно ст. 619 ГК РФ арендодатель вправе…", "ст. 619 ГК РФ")).toEqual([
      { act: "ГК РФ", article: "619" },
    ]);
    expect(foundAt("Это статья 619 Гражданского кодекса РФ.", "статья 619 Гражданского кодекса РФ")).toEqual([
      { act: "ГК РФ", article: "619" },
    ]);
    expect(
      foundAt(
        "по статье 30 Жилищного кодекса Российской Федерации",
        "статье 30 Жилищного кодекса Российской Федерации",
      ),
    ).toEqual([{ act: "ЖК РФ", article: "30" }]);
    const declined = ["статьи", "статье", "статьёй", "статьей", "статьях", "статью"];
    for (const word of declined) {
      expect(foundAt(`В ${word} 10 ГК РФ сказано`, `${word} 10 ГК РФ`)).toEqual([{ act: "ГК РФ", article: "10" }]);
    }
  });

  it("knows every main code's abbreviation", () => {
    const codes = ["ГК", "ГПК", "АПК", "НК", "ТК", "СК", "ЖК", "УК", "УПК", "КоАП", "ЗК", "КАС", "БК", "ГрК"];
    for (const code of codes) {
      expect(foundAt(`см. ст. 5 ${code}`, `ст. 5 ${code}`)).toEqual([{ act: `${code} РФ`, article: "5" }]);
      expect(foundAt(`см. ст. 5 ${code} РФ.`, `ст. 5 ${code} РФ`)).toEqual([{ act: `${code} РФ`, article: "5" }]);
    }
  });

  it("reads parts, points and subpoints", () => {
    expect(foundAt("п. 2 ст. 450 ГК", "п. 2 ст. 450 ГК")).toEqual([{ act: "ГК РФ", article: "450", point: "2" }]);
    expect(foundAt("Так, ч. 1 ст. 30 ЖК РФ гласит", "ч. 1 ст. 30 ЖК РФ")).toEqual([
      { act: "ЖК РФ", article: "30", part: "1" },
    ]);
    expect(foundAt("(пп. 3 п. 1 ст. 8 ГК РФ)", "пп. 3 п. 1 ст. 8 ГК РФ")).toEqual([
      { act: "ГК РФ", article: "8", point: "1", subpoint: "3" },
    ]);
    expect(foundAt("согласно части первой статьи 56 ГПК РФ", "части первой статьи 56 ГПК РФ")).toEqual([
      { act: "ГПК РФ", article: "56", part: "1" },
    ]);
    expect(foundAt("ст. 450 п. 2 ГК РФ", "ст. 450 п. 2 ГК РФ")).toEqual([{ act: "ГК РФ", article: "450", point: "2" }]);
  });

  it("keeps article numbers with dots as written", () => {
    expect(foundAt("ст. 1062.1 ГК РФ", "ст. 1062.1 ГК РФ")).toEqual([{ act: "ГК РФ", article: "1062.1" }]);
    expect(
      foundAt("по ст. 10.1 Закона о защите прав потребителей.", "ст. 10.1 Закона о защите прав потребителей"),
    ).toEqual([{ act: "Закон о защите прав потребителей", article: "10.1" }]);
    expect(foundAt("ч. 1 ст. 19.7 КоАП РФ", "ч. 1 ст. 19.7 КоАП РФ")).toEqual([
      { act: "КоАП РФ", article: "19.7", part: "1" },
    ]);
  });

  it("gives one item per article of a list or a range, all with the group's place", () => {
    expect(foundAt("ст. ст. 309, 310 ГК РФ", "ст. ст. 309, 310 ГК РФ")).toEqual([
      { act: "ГК РФ", article: "309" },
      { act: "ГК РФ", article: "310" },
    ]);
    expect(foundAt("в силу статей 309–311 ГК РФ", "статей 309–311 ГК РФ").map((item) => item.article)).toEqual([
      "309",
      "310",
      "311",
    ]);
    // The act of a range may come after it in the sentence.
    const text = "Статьями 309–310 обязательства велено исполнять — это нормы Гражданского кодекса.";
    expect(foundAt(text, "Статьями 309–310")).toEqual([
      { act: "ГК РФ", article: "309" },
      { act: "ГК РФ", article: "310" },
    ]);
    // A range too long to be a list gives its ends.
    expect(findCitations("статьи 1110–1185 ГК РФ").map((item) => item.article)).toEqual(["1110", "1185"]);
  });

  it("finds federal laws by number, date and title, alone and after an article", () => {
    const law = "Федеральный закон от 13.07.2015 № 218-ФЗ";
    expect(foundAt(`Действует ${law}.`, law)).toEqual([{ act: "218-ФЗ" }]);
    expect(foundAt("ст. 14 Закона № 218-ФЗ", "ст. 14 Закона № 218-ФЗ")).toEqual([{ act: "218-ФЗ", article: "14" }]);
    const consumers = "Закон РФ „О защите прав потребителей“";
    expect(foundAt(`${consumers} защищает покупателя`, consumers)).toEqual([
      { act: "Закон о защите прав потребителей" },
    ]);
    expect(foundAt("Согласие по ФЗ-152 обязательно", "ФЗ-152")).toEqual([{ act: "152-ФЗ" }]);
    // A law's number right after the article is no thousands of it («21 152»).
    expect(foundAt("(ч. 3.1 ст. 21 152-ФЗ)", "ч. 3.1 ст. 21 152-ФЗ")).toEqual([
      { act: "152-ФЗ", article: "21", part: "3.1" },
    ]);
    expect(findCitations("по ст. 5 ГК РФ штраф 21 152 руб.")).toMatchObject([{ article: "5" }]);
  });

  it("returns an act it does not know under its name as written", () => {
    expect(findCitations("ст. 3 Закона № 999-ФЗ")).toMatchObject([{ act: "999-ФЗ", article: "3" }]);
    expect(findCitations("ст. 2 Федерального закона «О пчеловодстве»")).toMatchObject([
      { act: "Федеральный закон «О пчеловодстве»", article: "2" },
    ]);
  });

  it("takes the act named before when none follows, and «того же кодекса»", () => {
    const text = "По ст. 218 ГК РФ право переходит по договору; ст. 223 того же кодекса определяет момент.";
    expect(findCitations(text)).toMatchObject([
      { act: "ГК РФ", article: "218" },
      { act: "ГК РФ", article: "223", text: "ст. 223 того же кодекса" },
    ]);
  });

  it("finds nothing in look-alikes: dates, sums, contracts, companies", () => {
    const texts = [
      "Статья в журнале вышла 13.07.2015.",
      "Он потратил часть денег на ремонт.",
      'ГК "Ромашка" заплатила 619 000 рублей.',
      "УК «Жилсервис» подняла тариф на 5%.",
      "Статья 5 договора аренды устанавливает плату.",
      "Статья 10 без кодекса рядом ничего не цитирует.",
      "Он написал статью 2023 года.",
    ];
    for (const text of texts) expect(findCitations(text), text).toEqual([]);
  });

  it("reaches the goal on the phrasing set", () => {
    expect(PHRASINGS.length).toBeGreaterThanOrEqual(300);
    const score = scoreSet(findCitations, PHRASINGS);
    const report = [`recall ${score.recall}`, ...score.misses, `precision ${score.precision}`, ...score.extras];
    expect(score.recall, report.join("\n")).toBeGreaterThanOrEqual(RECALL_GOAL);
    expect(score.precision, report.join("\n")).toBeGreaterThanOrEqual(PRECISION_GOAL);
  });
});
