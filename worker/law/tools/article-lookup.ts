import { ARTICLE_CUT_NOTE, articleBlock, ruDate } from "../../ai/prompts";
import type { LawDb } from "../../db/law";
import { ApiError } from "../../http/errors";
import { logEvent } from "../../http/log";
import { findActMentions } from "../citations/act-mentions";
import { ARTICLE_TEXTS, articleAt } from "../services/articles";

// What the model reads back when it asks for an article by act and number (docs/law.md "Tools"): one line with the
// status at the turn's date, then the edition as the prompt's law block writes articles. Plain text: every model
// reads it, and a citation in it is written the way the model should write one.

export const LOOKUP_TEXTS = {
  unavailable: "Библиотека недоступна: статью сейчас прочитать нельзя. Не выдумывай её текст.",
  unknownAct: (act: string) =>
    `Акта «${act}» нет в библиотеке «Ясно»: статью проверить нельзя. Если ссылаешься на неё, скажи, что не проверил.`,
  notFound: (act: string, number: string) =>
    `Нет такой статьи: в ${act} в библиотеке нет статьи ${number}. Не ссылайся на неё.`,
  notYet: (act: string, number: string, date: string) => `Ст. ${number} ${act} на ${ruDate(date)} ещё не действовала.`,
  inForce: (date: string) => `Статус: действует на ${ruDate(date)}.`,
  repealed: (since: string) => `Статус: утратила силу с ${ruDate(since)}.`,
} as const;

/** The act's short name as the library keeps it: «Жилищный кодекс» → «ЖК РФ», «ГК» → «ГК РФ»; else as written. */
export function libraryActName(written: string): string {
  const trimmed = written.trim();
  const mention = findActMentions(trimmed).find((m) => m.kind !== "back");
  return mention?.act || trimmed;
}

/**
 * Article `number` of `act` (as people write it) at `date`, its text cut to `budgetChars`, as text for the model.
 * Never throws: a failing library is a result too, so the turn goes on.
 */
export async function articleForModel(
  db: LawDb,
  input: { act: string; article: string },
  options: { date: string; budgetChars: number },
): Promise<string> {
  const act = libraryActName(input.act);
  // «ст. 619», «статья 1062.1»: the number in what the model wrote.
  const number = input.article.match(/\d+(?:\.\d+)*/)?.[0] ?? input.article.trim();
  try {
    const found = await articleAt(db, act, number, options.date);
    const text =
      found.edition.text.length > options.budgetChars
        ? `${found.edition.text.slice(0, options.budgetChars)}\n${ARTICLE_CUT_NOTE}`
        : found.edition.text;
    const status = found.repealed_on ? LOOKUP_TEXTS.repealed(found.repealed_on) : LOOKUP_TEXTS.inForce(options.date);
    const block = articleBlock({
      act: found.act.short_name,
      number: found.number,
      title: found.title,
      text,
      editionFrom: found.edition.in_force_from,
      repealedOn: found.repealed_on,
    });
    return `${status}\n${block}`;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      if (err.detail === ARTICLE_TEXTS.actNotFound) return LOOKUP_TEXTS.unknownAct(act);
      if (err.detail === ARTICLE_TEXTS.notYet) return LOOKUP_TEXTS.notYet(act, number, options.date);
      return LOOKUP_TEXTS.notFound(act, number);
    }
    logEvent("error", "the law tool's read failed", { err });
    return LOOKUP_TEXTS.unavailable;
  }
}
