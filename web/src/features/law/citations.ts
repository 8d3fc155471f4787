// A reply's citations as history carries them (docs/law.md "What the user sees"), typed by the
// server's `citationSchema`. They are read tolerantly all the same: a share page's or an older
// answer's text may not hold every offset.
import type { Citation, CitationStatus } from "../../../../worker/law/schemas";

export type { Citation, CitationStatus };

/** What a message may carry: the server's Message, or one the browser made (no citations). */
export type Cited = { citations?: unknown; citations_date?: string | null };

const STATUSES = new Set<string>(["in_force", "repealed", "not_found", "unknown_act"]);

const isCitation = (item: unknown, length: number): item is Citation => {
  if (!item || typeof item !== "object") return false;
  const c = item as Record<string, unknown>;
  return (
    typeof c.act === "string" &&
    typeof c.article === "string" &&
    typeof c.status === "string" &&
    STATUSES.has(c.status) &&
    Number.isInteger(c.start) &&
    Number.isInteger(c.end) &&
    (c.start as number) >= 0 &&
    (c.start as number) < (c.end as number) &&
    (c.end as number) <= length
  );
};

/** A message's citations that fit its text, read tolerantly: absent or malformed ones are none. */
export function citationsOf(message: Cited & { text: string }): Citation[] {
  const list = Array.isArray(message.citations) ? message.citations : [];
  return list.filter((item): item is Citation => isCitation(item, message.text.length));
}

/** The article page of a citation, in the edition it was checked at. */
export function articlePath(act: string, article: string, date?: string | null): string {
  const path = `/law/${encodeURIComponent(act)}/${encodeURIComponent(article)}`;
  return date ? `${path}?date=${date}` : path;
}

/** Whether the library holds the article (its text can be shown). */
export const isResolved = (c: Citation) => c.status === "in_force" || c.status === "repealed";

/**
 * The sources a reply rests on: its resolved articles, each once, in the order of first mention; and
 * the others (invented or not checkable), each once.
 */
export function sourcesOf(citations: readonly Citation[]) {
  const seen = new Set<string>();
  const resolved: Citation[] = [];
  const flagged: Citation[] = [];
  for (const c of citations) {
    const key = `${c.act}\u0000${c.article}`;
    if (seen.has(key)) continue;
    seen.add(key);
    (isResolved(c) ? resolved : flagged).push(c);
  }
  return { resolved, flagged };
}

/** Citations at one place: one, or every article of a group («ст. ст. 309, 310» shares its text and place). */
export type CitationGroup = { start: number; end: number; items: Citation[] };

/** The citations grouped by place, in the order of the text. */
export function groupsOf(citations: readonly Citation[]): CitationGroup[] {
  const groups = new Map<string, CitationGroup>();
  for (const c of citations) {
    const key = `${c.start}:${c.end}`;
    const group = groups.get(key) ?? { start: c.start, end: c.end, items: [] };
    group.items.push(c);
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => a.start - b.start);
}

const WORST: CitationStatus[] = ["not_found", "unknown_act", "repealed", "in_force"];

/** The status a group's mark shows: its worst, so an invented article in a list is never hidden. */
export const groupStatus = (group: CitationGroup): CitationStatus =>
  WORST.find((status) => group.items.some((c) => c.status === status)) ?? "in_force";
