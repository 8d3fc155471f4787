import type { Db } from "../../db/client";
import type { HistoryUser } from "../../db/history";
import type { Env } from "../../env";
import { findProduct } from "../../billing/services/products";
import { sourcesMarkdown } from "./export-sources";
import { loadOwnHistory } from "./history";

export const EXPORT_TEXTS = {
  untitled: "Без названия",
  you: "Вы",
  assistant: "Ясно",
  partial: "_Ответ прерван._",
  attachments: "Вложения",
  header: (mode: string, date: string) => `Режим: ${mode} · выгружено ${date}`,
} as const;

type Exported = { filename: string; markdown: string };

/** Moscow's calendar date as dd.mm.yyyy, as the app shows dates. */
const moscowDate = (ms: number) =>
  new Intl.DateTimeFormat("ru-RU", {
    timeZone: "Europe/Moscow",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  }).format(ms);

/** A name a file system takes: no path separators, control characters or reserved characters, not empty. */
export function exportFilename(topicName: string | null): string {
  const base = (topicName ?? "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what a file name must not hold.
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 100)
    .trim();
  return `${base || EXPORT_TEXTS.untitled}.md`;
}

/**
 * The caller's topic as Markdown (docs/conversations.md "Export"): its name as the title, the mode
 * and the date, then each message under "Вы" or "Ясно" as it was written (the replies are
 * Markdown already), attachments named, a cut reply marked, and after a reply that cites the law its
 * «Источники». 404 for another user's topic.
 */
export async function exportTopicMarkdown(
  env: Env,
  db: Db,
  user: HistoryUser,
  topicId: number,
  now = Date.now(),
): Promise<Exported> {
  const history = await loadOwnHistory(env, db, user, topicId);
  const mode = (await findProduct(db, history.topic.assistantType))?.title ?? history.topic.assistantType;
  const filesOf = new Map<number, string[]>();
  for (const a of history.attachments) filesOf.set(a.messageId!, [...(filesOf.get(a.messageId!) ?? []), a.filename]);

  const parts = [
    `# ${history.topic.topicName ?? EXPORT_TEXTS.untitled}`,
    `_${EXPORT_TEXTS.header(mode, moscowDate(now))}_`,
  ];
  for (const m of history.messages) {
    parts.push(`## ${m.role === "user" ? EXPORT_TEXTS.you : EXPORT_TEXTS.assistant}`);
    const files = filesOf.get(m.id);
    if (files) parts.push(`_${EXPORT_TEXTS.attachments}: ${files.join(", ")}_`);
    if (m.text) parts.push(m.text.trim());
    if (m.state === "partial") parts.push(EXPORT_TEXTS.partial);
    const sources = sourcesMarkdown(m.citations);
    if (sources) parts.push(sources);
  }
  return { filename: exportFilename(history.topic.topicName), markdown: `${parts.join("\n\n")}\n` };
}
