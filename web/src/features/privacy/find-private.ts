import { detect } from "../../../../worker/privacy/detect";
import { PRIVATE_KINDS, type PrivateKind } from "../../../../worker/privacy/kinds";
import { maskedSummary } from "../../../../worker/privacy/summary";
import { itemKey } from "../../../../worker/privacy/vault";

// The Worker's own detector, run in the browser on what the user types (docs/privacy.md "What the
// user sees"). Loaded only when a guarded composer has text: it is not in the chat page's first
// JavaScript.

/** One value the guard would hide; `key` is what `keep_as_is` carries to send it as is. */
export type PrivateItem = { key: string; kind: PrivateKind; value: string };

/** The different values the guard would hide in `text`, each once (as first written), in order. */
export function findPrivate(text: string): PrivateItem[] {
  const items = new Map<string, PrivateItem>();
  for (const found of detect(text)) {
    const key = itemKey(found);
    if (!items.has(key)) items.set(key, { key, kind: found.kind, value: found.value });
  }
  return [...items.values()];
}

/** «паспорт, 2 телефона» for the items that will be hidden; empty when none is. */
export const hiddenSummary = (items: readonly PrivateItem[]) =>
  maskedSummary(PRIVATE_KINDS.map((kind) => ({ kind, count: items.filter((i) => i.kind === kind).length })));
