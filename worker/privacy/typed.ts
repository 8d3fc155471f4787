import { PLACEHOLDER, unmaskText, type Vault } from "./vault";

// One placeholder stands for one value however it was written («Иванов И.И.» in the preamble,
// «Иванов Иван Иванович» in the signature), and turns back into one form. The owner's question
// comes back as typed all the same: the vault keeps, per masked question, what each of its
// placeholders stood for (sealed with the rest, never in the clear).

/**
 * The key of a masked question's record: a 53-bit hash of its text (cyrb53). Two questions of a
 * topic with the same masked text share a record; both hold the same placeholders, so at worst
 * one shows the other's form of the same value.
 */
export function typedKey(masked: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < masked.length; i++) {
    const ch = masked.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The vault with what `masked`'s placeholders stood for, as typed (maskText's `typed`). */
export function withTyped(vault: Vault, masked: string, typed: readonly string[]): Vault {
  if (typed.length === 0) return vault;
  return { ...vault, typed: { ...vault.typed, [typedKey(masked)]: [...typed] } };
}

/**
 * A question the owner sent, back as they typed it: each placeholder in its own form when the
 * vault has the question's record, else (older questions) the vault's value, as for a reply.
 */
export function restoreTyped(masked: string, vault: Vault): string {
  const typed = vault.typed?.[typedKey(masked)];
  const count = masked.match(PLACEHOLDER)?.length ?? 0;
  if (!typed || typed.length !== count) return unmaskText(masked, vault);
  let i = 0;
  return masked.replace(PLACEHOLDER, () => typed[i++]!);
}
