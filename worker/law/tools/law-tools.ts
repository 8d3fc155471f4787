import { tool } from "ai";
import { z } from "zod";
import type { LawDb } from "../../db/law";
import { articleForModel } from "./article-lookup";

// The tools a law mode's model may call (docs/law.md "Tools"): for now one, an article by act and number.

export const LAW_ARTICLE_TOOL = "law_article";

/**
 * The law's tools for one turn: each article read at `date` (the turn's law date, the grounding's), its text cut to
 * `budgetChars`.
 */
export function lawTools(db: LawDb, options: { date: string; budgetChars: number }) {
  return {
    [LAW_ARTICLE_TOOL]: tool({
      description:
        "Текст статьи закона из библиотеки «Ясно» по акту и номеру статьи, в редакции на дату вопроса, и её статус " +
        "(действует, утратила силу, нет такой статьи, акта нет в библиотеке). Вызывай, когда нужна статья, которой нет " +
        "среди данных тебе статей, или чтобы проверить статью, прежде чем на неё сослаться.",
      inputSchema: z.object({
        act: z
          .string()
          .min(1)
          .max(200)
          .describe(
            "Акт, как его обычно пишут: «ГК РФ», «Жилищный кодекс», «218-ФЗ», «Закон о защите прав потребителей»",
          ),
        article: z.string().min(1).max(40).describe("Номер статьи: «619», «1062.1»"),
      }),
      execute: (input) => articleForModel(db, input, options),
    }),
  };
}
