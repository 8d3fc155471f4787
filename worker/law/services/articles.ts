import { and, asc, eq } from "drizzle-orm";
import type { LawDb } from "../../db/law";
import { lawActs, lawArticleEditions, lawArticles } from "../../db/law-schema";
import { ApiError } from "../../http/errors";

export const ARTICLE_TEXTS = {
  actNotFound: "Акт не найден в библиотеке",
  notFound: "Статья не найдена",
  notYet: "На эту дату статья ещё не действовала",
} as const;

/** Today in Moscow (UTC+3, no daylight saving): the date a question without one is about. */
export const moscowToday = (now = Date.now()) => new Date(now + 3 * 3600_000).toISOString().slice(0, 10);

/** An article of an act (by its short name) in the edition in force on `date`, with every edition's dates. */
export async function articleAt(db: LawDb, actName: string, number: string, date: string) {
  const [act] = await db.select().from(lawActs).where(eq(lawActs.shortName, actName.trim()));
  if (!act) throw ApiError.notFound(ARTICLE_TEXTS.actNotFound);
  const [article] = await db
    .select()
    .from(lawArticles)
    .where(and(eq(lawArticles.actId, act.id), eq(lawArticles.number, number)));
  if (!article) throw ApiError.notFound(ARTICLE_TEXTS.notFound);
  const editions = await db
    .select()
    .from(lawArticleEditions)
    .where(eq(lawArticleEditions.articleId, article.id))
    .orderBy(asc(lawArticleEditions.inForceFrom));
  const edition = editions.find((e) => e.inForceFrom <= date && (e.inForceTo === null || date < e.inForceTo));
  if (!edition) throw ApiError.notFound(editions.length ? ARTICLE_TEXTS.notYet : ARTICLE_TEXTS.notFound);
  return {
    act: { short_name: act.shortName, title: act.title, demo: act.demo },
    number: article.number,
    title: edition.title,
    path: article.path,
    date,
    status: edition.repealed ? ("repealed" as const) : ("in_force" as const),
    repealed_on: edition.repealed ? (edition.repealedOn ?? edition.inForceFrom) : null,
    edition: {
      in_force_from: edition.inForceFrom,
      in_force_to: edition.inForceTo,
      text: edition.text,
      parts: edition.parts,
    },
    editions: editions.map((e) => ({ in_force_from: e.inForceFrom, in_force_to: e.inForceTo, repealed: e.repealed })),
  };
}
