import type { Citation } from "../law/schemas";
import { escapeHtml } from "./format";

// A reply's citations of the law under it in the chat, as the web's marks and «Источники» say them
// (docs/telegram.md "The citations check"), in Telegram's HTML.

/** A law named by its number («218-ФЗ») reads «№ 218-ФЗ», as the Markdown export writes it. */
const numbered = (act: string) => /^\d/.test(act);

/** At most this many lines: the marks first, then the sources; more is «…и ещё N». */
export const CITATION_LINES = 10;

export const citationTexts = {
  sources: "Источники:",
  article: (article: string, act: string) => `ст. ${article} ${numbered(act) ? `№ ${act}` : act}`,
  notFound: (act: string, name: string) =>
    `⚠️ Такой статьи нет в ${numbered(act) ? `законе № ${act}` : act} — проверьте ответ: ${name}`,
  unknownAct: (name: string) => `❔ Акта нет в библиотеке Ясно, проверить не удалось: ${name}`,
  repealed: (day: string) => `утратила силу с ${day}`,
  more: (n: number) => `…и ещё ${n}`,
} as const;

/** YYYY-MM-DD as the app writes dates: dd.mm.yyyy. */
const shownDay = (day: string) => day.split("-").reverse().join(".");

/** The article page of the web app, in the edition the reply was checked at. */
const articleUrl = (appUrl: string, c: Citation, date: string | null) =>
  `${appUrl.replace(/\/$/, "")}/law/${encodeURIComponent(c.act)}/${encodeURIComponent(c.article)}` +
  (date ? `?date=${date}` : "");

/** Each article once (parts and points of one article are one line), in the order first cited. */
function articlesOf(citations: readonly Citation[]): Citation[] {
  const seen = new Map<string, Citation>();
  for (const c of citations) {
    const key = `${c.act}\u0000${c.article}`;
    if (!seen.has(key)) seen.set(key, c);
  }
  return [...seen.values()];
}

/**
 * The marks of a reply's citations and its «Источники» as Telegram HTML: an invented article or one of an act
 * the library lacks as a marked line, the articles it rests on (in force or repealed, the latter marked) as
 * links to their pages; null when the reply cites nothing.
 */
export function citationsHtml(citations: readonly Citation[], date: string | null, appUrl?: string): string | null {
  const articles = articlesOf(citations);
  if (!articles.length) return null;
  const name = (c: Citation) => escapeHtml(citationTexts.article(c.article, c.act));
  const marks = articles.flatMap((c) => {
    if (c.status === "not_found") return [citationTexts.notFound(escapeHtml(c.act), name(c))];
    if (c.status === "unknown_act") return [citationTexts.unknownAct(name(c))];
    return [];
  });
  const sources = articles
    .filter((c) => c.status === "in_force" || c.status === "repealed")
    .map((c) => {
      const link = appUrl ? `<a href="${escapeHtml(articleUrl(appUrl, c, date))}">${name(c)}</a>` : name(c);
      const day = c.repealed_on ?? c.edition_from;
      return c.status === "repealed" && day ? `⚠️ ${link} — ${citationTexts.repealed(shownDay(day))}` : link;
    });
  const header = `<b>${citationTexts.sources}</b>`;
  const lines = [...marks, ...(sources.length ? [header, ...sources] : [])];
  if (lines.length <= CITATION_LINES) return lines.join("\n");
  const kept = lines.slice(0, CITATION_LINES - 1);
  if (kept.at(-1) === header) kept.pop();
  const shown = kept.filter((line) => line !== header).length;
  return [...kept, citationTexts.more(marks.length + sources.length - shown)].join("\n");
}
