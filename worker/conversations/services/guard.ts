import { type MaskedCount, maskText, PRIVATE_KINDS, type Vault } from "../../privacy";

// The privacy guard on a question (docs/privacy.md): what the model is sent instead of the values.

/** A document attached to the question: its id and the text read from it. */
export type GuardedDocument = { id: number; text: string };

export type GuardedQuestion = {
  /** The question as the model sees it (and as stored): placeholders for the values. */
  text: string;
  /** The documents' texts the same way, for those that had anything to hide. */
  documents: GuardedDocument[];
  /** How many different values of each kind the question and its documents had hidden. */
  masked: MaskedCount[];
  /** The topic's vault with this question's values added. */
  vault: Vault;
};

/**
 * Masks the question and its documents' texts with the topic's placeholders; `keep` lists what the
 * user chose to send as is (values as written, or item keys such as «phone:79161234567»).
 */
export function guardQuestion(vault: Vault, text: string, documents: GuardedDocument[], keep: readonly string[]): GuardedQuestion {
  const question = maskText(text, vault, { skip: keep });
  let current = question.vault;
  const changed: GuardedDocument[] = [];
  for (const doc of documents) {
    const masked = maskText(doc.text, current, { skip: keep });
    current = masked.vault;
    if (masked.text !== doc.text) changed.push({ id: doc.id, text: masked.text });
  }
  // Different values hidden, counted once however many times and wherever they stand.
  const sent = [question.text, ...changed.map((d) => d.text)];
  const used = current.entries.filter((e) => sent.some((t) => t.includes(e.placeholder)));
  const masked = PRIVATE_KINDS.map((kind) => ({ kind, count: used.filter((e) => e.kind === kind).length })).filter((m) => m.count > 0);
  return { text: question.text, documents: changed, masked, vault: current };
}
