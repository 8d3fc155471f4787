import type { StoredCitation } from "../../db/history-schema";

export const SOURCES_TEXTS = {
  title: "Источники",
  repealed: (day: string) => `утратила силу с ${day}`,
  notFound: (act: string) => `такой статьи нет в ${act} — проверьте ответ`,
  unknownAct: "акта нет в библиотеке Ясно, проверить не удалось",
} as const;

/** YYYY-MM-DD as the app writes dates: dd.mm.yyyy. */
const shownDay = (day: string) => day.split("-").reverse().join(".");

/** «п. 2 ст. 450 ГК РФ», «ст. 14 № 218-ФЗ»: a citation as a line of the list, whatever way the reply wrote it. */
function label(c: StoredCitation): string {
  const act = /^\d/.test(c.act) ? `№ ${c.act}` : c.act;
  return [c.point && `п. ${c.point}`, c.part && `ч. ${c.part}`, `ст. ${c.article}`, act].filter(Boolean).join(" ");
}

function mark(c: StoredCitation): string | null {
  if (c.status === "repealed") return SOURCES_TEXTS.repealed(shownDay(c.repealed_on ?? c.edition_from ?? ""));
  if (c.status === "not_found") return SOURCES_TEXTS.notFound(c.act);
  if (c.status === "unknown_act") return SOURCES_TEXTS.unknownAct;
  return null;
}

/**
 * The Markdown export's «Источники» after a reply (docs/conversations.md "Export"): each norm it cites once, in
 * the order cited, marked where the library says it is repealed, invented or cannot be checked; null for none.
 */
export function sourcesMarkdown(citations: StoredCitation[] | null): string | null {
  if (!citations?.length) return null;
  const lines = new Map<string, string>();
  for (const c of citations) {
    const name = label(c);
    const note = mark(c);
    if (!lines.has(name)) lines.set(name, `- ${name}${note ? ` — ${note}` : ""}`);
  }
  return `**${SOURCES_TEXTS.title}**\n\n${[...lines.values()].join("\n")}`;
}
