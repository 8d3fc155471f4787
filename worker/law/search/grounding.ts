import { ARTICLE_CUT_NOTE, articleBlock, lawBlock, lawIntro } from "../../ai/prompts";
import type { LawDb } from "../../db/law";
import { logEvent } from "../../http/log";
import { dateNamedIn } from "./question-date";
import { type RelevantArticle, relevantArticles } from "./retrieve";

// The articles a law question's answer rests on, as the model is given them (docs/law.md "Answers grounded in the
// text"): the editions of the date the question names (or today), the most relevant first, within a budget.

/** The most articles one answer is given: more rarely help and cost the window. */
export const LAW_ARTICLES = 5;
/** A cut article keeps at least this much text (else it is left out). */
const MIN_ARTICLE_CHARS = 200;

/** The date the articles are in force on, and the block for the system prompt (null when nothing was found). */
export type LawGrounding = { date: string; block: string | null; articles: RelevantArticle[] };

/** The articles as blocks, best first, those that fit `budget` with the intro; the first one cut to fit if need be. */
function fitted(
  date: string,
  articles: RelevantArticle[],
  budget: number,
): { blocks: string[]; used: RelevantArticle[] } {
  let room = budget - lawIntro(date).length;
  const blocks: string[] = [];
  const used: RelevantArticle[] = [];
  for (const article of articles) {
    const full = {
      ...article,
      editionFrom: article.inForceFrom,
      repealedOn: article.repealed ? (article.repealedOn ?? article.inForceFrom) : null,
    };
    let block = articleBlock(full);
    if (block.length + 2 > room) {
      if (blocks.length) continue;
      const keep = room - 2 - (block.length - article.text.length) - ARTICLE_CUT_NOTE.length - 1;
      if (keep < MIN_ARTICLE_CHARS) break;
      block = articleBlock({ ...full, text: `${article.text.slice(0, keep)}\n${ARTICLE_CUT_NOTE}` });
    }
    room -= block.length + 2;
    blocks.push(block);
    used.push(article);
  }
  return { blocks, used };
}

/**
 * Looks up the articles for a question in a law mode: the date it names (else `today`), then the articles in force
 * then, fitted to `budgetChars`. The library failing costs the answer its articles, not the answer.
 */
export async function groundQuestion(
  db: LawDb,
  question: string,
  options: { today: string; budgetChars: number },
): Promise<LawGrounding> {
  const date = dateNamedIn(question, options.today) ?? options.today;
  let articles: RelevantArticle[] = [];
  try {
    articles = await relevantArticles(db, question, { date, limit: LAW_ARTICLES });
  } catch (err) {
    logEvent("error", "law retrieval failed", { err });
  }
  const { blocks, used } = fitted(date, articles, options.budgetChars);
  return { date, block: blocks.length ? lawBlock(date, blocks) : null, articles: used };
}
