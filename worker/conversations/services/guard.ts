import { fileNameForGuard, type MaskedCount, maskText, PRIVATE_KINDS, type Vault, withTyped } from "../../privacy";

// The privacy guard on a question (docs/privacy.md): what the model is sent instead of the values.

/** A document attached to the question: its id and the text read from it. */
export type GuardedDocument = { id: number; text: string };

export type GuardedQuestion = {
  /** The question as the model sees it (and as stored): placeholders for the values. */
  text: string;
  /** The documents' texts the same way, for those that had anything to hide. */
  documents: GuardedDocument[];
  /** How many different values of each kind the question, its documents and its files' names had hidden. */
  masked: MaskedCount[];
  /** The topic's vault with this question's values added, and what they were as typed. */
  vault: Vault;
};

/**
 * Masks the question, its documents' texts and its files' names with the topic's placeholders;
 * `keep` lists what the user chose to send as is (values as written, or item keys such as
 * «phone:79161234567»). A file's name is stored as uploaded (the owner sees it so): its values
 * join the vault, and whoever else reads the name gets them masked from there (`maskFileName`).
 */
export function guardQuestion(
  vault: Vault,
  text: string,
  documents: GuardedDocument[],
  keep: readonly string[],
  filenames: readonly string[] = [],
): GuardedQuestion {
  const question = maskText(text, vault, { skip: keep });
  let current = withTyped(question.vault, question.text, question.typed);
  const changed: GuardedDocument[] = [];
  for (const doc of documents) {
    const masked = maskText(doc.text, current, { skip: keep });
    current = masked.vault;
    if (masked.text !== doc.text) changed.push({ id: doc.id, text: masked.text });
  }
  const names: string[] = [];
  for (const filename of filenames) {
    const masked = maskText(fileNameForGuard(filename), current, { skip: keep });
    current = masked.vault;
    names.push(masked.text);
  }
  // Different values hidden, counted once however many times and wherever they stand.
  const sent = [question.text, ...changed.map((d) => d.text), ...names];
  const used = current.entries.filter((e) => sent.some((t) => t.includes(e.placeholder)));
  const masked = PRIVATE_KINDS.map((kind) => ({ kind, count: used.filter((e) => e.kind === kind).length })).filter(
    (m) => m.count > 0,
  );
  return { text: question.text, documents: changed, masked, vault: current };
}
