import { detect } from "./detect";
import { type Found, PLACEHOLDER_LABELS, PRIVATE_KINDS, type PrivateKind } from "./kinds";
import { sameNameMaybe } from "./name-match";

// A topic's placeholders: each value found in any message of the topic keeps the placeholder it
// got first, so the model reads «[ФИО 1]» for the seller in every message. The vault is a plain
// JSON value; it is stored sealed (seal.ts).

export interface VaultEntry {
  placeholder: string;
  kind: PrivateKind;
  /** The value as compared (Found.key). */
  key: string;
  /** What the placeholder turns back into. */
  value: string;
}

export interface Vault {
  entries: VaultEntry[];
}

export interface MaskedCount {
  kind: PrivateKind;
  count: number;
}

export const emptyVault = (): Vault => ({ entries: [] });

/** What the composer sends back to keep an item as is: its kind and key («phone:79161234567»). */
export const itemKey = (item: Pick<Found, "kind" | "key">) => `${item.kind}:${item.key}`;

function placeholderFor(item: Found, entries: VaultEntry[]): VaultEntry {
  const ofKind = entries.filter((e) => e.kind === item.kind);
  const same = ofKind.find((e) => e.key === item.key);
  if (same) return same;
  if (item.kind === "name") {
    const likely = ofKind.filter((e) => sameNameMaybe(e.key, item.key));
    if (likely.length === 1) return likely[0];
  }
  const entry = { placeholder: `[${PLACEHOLDER_LABELS[item.kind]} ${ofKind.length + 1}]`, kind: item.kind, key: item.key, value: item.display };
  entries.push(entry);
  return entry;
}

/**
 * `text` with every value found replaced by its placeholder, the vault with the new ones, and
 * how many different values of each kind this text had. `skip` lists what the user chose to
 * send as is: values as written or `itemKey`s.
 */
export function maskText(text: string, vault: Vault, options: { skip?: readonly string[] } = {}): { text: string; vault: Vault; masked: MaskedCount[] } {
  const skip = new Set(options.skip ?? []);
  const entries = [...vault.entries];
  const used = new Map<string, PrivateKind>();
  let out = "";
  let at = 0;
  for (const item of detect(text)) {
    if (skip.has(item.value) || skip.has(itemKey(item))) continue;
    const entry = placeholderFor(item, entries);
    used.set(entry.placeholder, entry.kind);
    out += text.slice(at, item.start) + entry.placeholder;
    at = item.end;
  }
  out += text.slice(at);
  const counts = PRIVATE_KINDS.map((kind) => ({ kind, count: [...used.values()].filter((k) => k === kind).length }));
  return { text: out, vault: { entries }, masked: counts.filter((c) => c.count > 0) };
}

const PLACEHOLDER = new RegExp(`\\[(?:${Object.values(PLACEHOLDER_LABELS).join("|")}) \\d+\\]`, "g");

/** `text` with the vault's placeholders turned back into their values; unknown ones stay. */
export function unmaskText(text: string, vault: Vault): string {
  const values = new Map(vault.entries.map((e) => [e.placeholder, e.value]));
  return text.replace(PLACEHOLDER, (placeholder) => values.get(placeholder) ?? placeholder);
}
