import type { useSearchHits } from "./search-queries";

export type Hit = NonNullable<ReturnType<typeof useSearchHits>["data"]>[number];

/** One row of the palette: a chat, opened at its best hit, with the best snippet it has. */
export type SearchRow = { hit: Hit; inName: boolean; snippet: string | null };

/**
 * The server's hits (best first, several per chat) as one row per chat, in the order of each chat's
 * best hit: it opens at the chat's best message hit (scrolled to, the words highlighted) with that
 * hit's snippet, or at the top for a name hit alone; a name hit anywhere says «В названии».
 */
export function oneRowPerChat(hits: readonly Hit[]): SearchRow[] {
  const rows = new Map<number, SearchRow>();
  for (const hit of hits) {
    const row = rows.get(hit.topic_id) ?? { hit, inName: false, snippet: null };
    if (hit.message_id === null) row.inName = true;
    else if (row.snippet === null) {
      row.hit = hit;
      row.snippet = hit.snippet;
    }
    rows.set(hit.topic_id, row);
  }
  return [...rows.values()];
}
