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
  /**
   * Every way the value was written where the guard found it, to find it again where it stands
   * without what made it data (a file's name, the topic's name: known.ts). Absent in older vaults.
   */
  forms?: string[];
}

export interface Vault {
  entries: VaultEntry[];
  /**
   * Per masked question (`typedKey` of its text, typed.ts): what each placeholder in it stood for,
   * as typed, in order, so the owner gets the question back exactly. Absent in older vaults.
   */
  typed?: Record<string, string[]>;
}

export interface MaskedCount {
  kind: PrivateKind;
  count: number;
}

export const emptyVault = (): Vault => ({ entries: [] });

/** What the composer sends back to keep an item as is: its kind and key («phone:79161234567»). */
export const itemKey = (item: Pick<Found, "kind" | "key">) => `${item.kind}:${item.key}`;

function existingFor(item: Found, entries: VaultEntry[]): VaultEntry | undefined {
  const ofKind = entries.filter((e) => e.kind === item.kind);
  const same = ofKind.find((e) => e.key === item.key);
  if (same || item.kind !== "name") return same;
  const likely = ofKind.filter((e) => sameNameMaybe(e.key, item.key));
  return likely.length === 1 ? likely[0] : undefined;
}

/** The item's entry in `entries` (added when new), with the item's written form among its forms. */
function placeholderFor(item: Found, entries: VaultEntry[]): VaultEntry {
  const found = existingFor(item, entries);
  if (!found) {
    const number = entries.filter((e) => e.kind === item.kind).length + 1;
    const placeholder = `[${PLACEHOLDER_LABELS[item.kind]} ${number}]`;
    const entry = { placeholder, kind: item.kind, key: item.key, value: item.display, forms: [item.value] };
    entries.push(entry);
    return entry;
  }
  if (found.forms?.includes(item.value)) return found;
  // A copy: the vault passed in stays as it was.
  const entry = { ...found, forms: [...(found.forms ?? []), item.value] };
  entries[entries.indexOf(found)] = entry;
  return entry;
}

export const PLACEHOLDER = new RegExp(`\\[(?:${Object.values(PLACEHOLDER_LABELS).join("|")}) \\d+\\]`, "g");

export type MaskedText = {
  text: string;
  vault: Vault;
  masked: MaskedCount[];
  /** What each placeholder-shaped piece of `text` stood for, in order: a value as typed, or itself when typed so. */
  typed: string[];
};

/**
 * `text` with every value found replaced by its placeholder, the vault with the new ones, and
 * how many different values of each kind this text had. `skip` lists what the user chose to
 * send as is: values as written or `itemKey`s.
 */
export function maskText(text: string, vault: Vault, options: { skip?: readonly string[] } = {}): MaskedText {
  const skip = new Set(options.skip ?? []);
  const entries = [...vault.entries];
  const used = new Map<string, PrivateKind>();
  const typedAt = new Map<number, string>();
  let out = "";
  let at = 0;
  for (const item of detect(text)) {
    if (skip.has(item.value) || skip.has(itemKey(item))) continue;
    const entry = placeholderFor(item, entries);
    used.set(entry.placeholder, entry.kind);
    out += text.slice(at, item.start);
    typedAt.set(out.length, item.value);
    out += entry.placeholder;
    at = item.end;
  }
  out += text.slice(at);
  const counts = PRIVATE_KINDS.map((kind) => ({ kind, count: [...used.values()].filter((k) => k === kind).length }));
  const typed = [...out.matchAll(PLACEHOLDER)].map((m) => typedAt.get(m.index) ?? m[0]);
  return { text: out, vault: { ...vault, entries }, masked: counts.filter((c) => c.count > 0), typed };
}

/** `text` with the vault's placeholders turned back into their values; unknown ones stay. */
export function unmaskText(text: string, vault: Vault): string {
  const values = new Map(vault.entries.map((e) => [e.placeholder, e.value]));
  return text.replace(PLACEHOLDER, (placeholder) => values.get(placeholder) ?? placeholder);
}
