// `npm run admin -- law import`: an act's text into the law library (docs/law.md "The library").
import { readFileSync } from "node:fs";
import path from "node:path";
import { usage } from "./errors.mjs";

const report = (r) =>
  [
    `${r.act}: статей ${r.articles}, изменено ${r.changed}, без изменений ${r.unchanged}, утратили силу ${r.repealed}`,
    `Нераспознанных строк: ${r.unplaced_lines}`,
    ...r.unplaced.map((line) => `  ${line}`),
    ...(r.unplaced_lines > r.unplaced.length ? [`  … и ещё ${r.unplaced_lines - r.unplaced.length}`] : []),
  ].join("\n");

export const lawCommand = {
  summary: "библиотека законов: law import ФАЙЛ --act «ГК РФ» --in-force-from ГГГГ-ММ-ДД",
  usage: "law import <файл .txt|.html|.docx> --act <краткое название> --in-force-from ГГГГ-ММ-ДД [--title <название>]",
  details:
    "Текст акта, как он опубликован (pravo.gov.ru или справочная система), делится по заголовкам «Статья N.». " +
    "Изменённые статьи получают редакцию с --in-force-from, прежняя закрывается этой датой; неизменные не " +
    "трогаются, так что тот же файл дважды ничего не меняет. Печатает: статей, изменено, утратили силу и строки, " +
    "которые не удалось отнести к статье.",
  options: { act: { type: "string" }, "in-force-from": { type: "string" }, title: { type: "string" } },
  async run(ctx) {
    const [action, file] = ctx.positionals;
    if (action !== "import") throw usage("law: укажите действие import; подробнее: law --help");
    if (!file) throw usage("Укажите файл: law import <файл> --act … --in-force-from ГГГГ-ММ-ДД");
    const act = ctx.values.act?.trim();
    if (!act) throw usage("Укажите --act: краткое название акта, например «ГК РФ»");
    const from = ctx.values["in-force-from"];
    if (!from || !/^\d{4}-\d{2}-\d{2}$/.test(from))
      throw usage(`--in-force-from: дата в виде ГГГГ-ММ-ДД${from ? `, а не «${from}»` : ""}`);
    let bytes;
    try {
      bytes = readFileSync(file);
    } catch {
      throw usage(`Не удалось прочитать файл ${file}`);
    }
    const form = new FormData();
    form.append("file", new File([bytes], path.basename(file)));
    form.append("act", act);
    form.append("in_force_from", from);
    if (ctx.values.title) form.append("title", ctx.values.title);
    const result = await ctx.api.postForm("/law/import", form);
    console.log(ctx.values.json ? JSON.stringify(result, null, 2) : report(result));
  },
};
