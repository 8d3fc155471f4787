import { and, asc, eq, isNull } from "drizzle-orm";
import type { LawDb } from "../../db/law";
import { lawActs, lawArticleEditions, lawArticles } from "../../db/law-schema";
import { ApiError } from "../../http/errors";
import { ARTICLE_TEXTS } from "./articles";

/**
 * An act's table of contents: its articles in the order of the last import, each with the title and
 * repeal of its open (latest) edition. One query: an article always has exactly one open edition.
 */
export async function actContents(db: LawDb, actName: string) {
  const [act] = await db.select().from(lawActs).where(eq(lawActs.shortName, actName.trim()));
  if (!act) throw ApiError.notFound(ARTICLE_TEXTS.actNotFound);
  const rows = await db
    .select({
      number: lawArticles.number,
      path: lawArticles.path,
      title: lawArticleEditions.title,
      repealed: lawArticleEditions.repealed,
    })
    .from(lawArticles)
    .innerJoin(
      lawArticleEditions,
      and(eq(lawArticleEditions.articleId, lawArticles.id), isNull(lawArticleEditions.inForceTo)),
    )
    .where(eq(lawArticles.actId, act.id))
    .orderBy(asc(lawArticles.position));
  return { short_name: act.shortName, title: act.title, demo: act.demo, articles: rows };
}
