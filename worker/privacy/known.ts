import { maskText, type Vault, type VaultEntry } from "./vault";

// Values the guard found in a question or a file's name, found again where they stand alone: the
// topic's name is the question's first line, cut, without the word or the БИК that made a number
// data; a file's name goes to the model and to a share's readers. There each value the topic's
// vault knows, as it was written, becomes its placeholder, so they read what the model read.

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Every written form the vault knows with its placeholder, longest first (a form inside a longer one loses). */
function formsOf(vault: Vault): { form: string; placeholder: string }[] {
  const formsOfEntry = (e: VaultEntry) => [...new Set([...(e.forms ?? []), e.value])];
  const pairs = vault.entries.flatMap((e) => formsOfEntry(e).map((form) => ({ form, placeholder: e.placeholder })));
  return pairs.filter((p) => p.form.trim() !== "").sort((a, b) => b.form.length - a.form.length);
}

/** `text` with every value the vault knows, as written (any run of spaces for a space), as its placeholder. */
export function maskKnown(text: string, vault: Vault): string {
  const forms = formsOf(vault);
  if (forms.length === 0) return text;
  const pattern = forms.map((f) => escaped(f.form).replace(/\s+/g, "\\s+")).join("|");
  const known = new RegExp(`(?<![\\p{L}\\p{N}])(?:${pattern})(?![\\p{L}\\p{N}])`, "giu");
  const squeeze = (s: string) => s.replace(/\s+/g, " ").toLowerCase();
  const placeholderOf = new Map(forms.map((f) => [squeeze(f.form), f.placeholder]));
  return text.replace(known, (match) => placeholderOf.get(squeeze(match)) ?? match);
}

/**
 * A file's name as the model and a share's readers see it: underscores read as spaces (people
 * write «Иванов_Иван_паспорт.pdf»), the topic's known values as placeholders. The guard reads a
 * name the same way when it is sent (`guardedFileName`).
 */
export const fileNameForGuard = (filename: string) => filename.replace(/_+/g, " ");

export const maskFileName = (filename: string, vault: Vault) => maskKnown(fileNameForGuard(filename), vault);

/** At least this much of a value cut off by "…" at a name's end is taken for it. */
const MIN_CUT_CHARS = 2;

/** `name` with a value the "…" of a cut name broke off (its start left before "…") as the value's placeholder. */
function maskCutTail(name: string, vault: Vault): string {
  if (!name.endsWith("…")) return name;
  const head = name.slice(0, -1);
  for (const { form, placeholder } of formsOf(vault)) {
    const squeezed = form.replace(/\s+/g, " ");
    for (let length = squeezed.length - 1; length >= MIN_CUT_CHARS; length--) {
      const start = squeezed.slice(0, length).trimEnd();
      if (start.length < MIN_CUT_CHARS) continue;
      const before = head.at(-start.length - 1);
      if (head.endsWith(start) && (before === undefined || !/[\p{L}\p{N}]/u.test(before))) {
        return `${head.slice(0, head.length - start.length)}${placeholder}…`;
      }
    }
  }
  return name;
}

/**
 * A topic's name as a share's readers see it: the values the guard found in the topic (cut ones
 * too) as their placeholders, then anything the name alone still shows as data (a name the owner
 * typed in a rename), as a placeholder of its own.
 */
export function maskTopicName(name: string, vault: Vault): string {
  return maskText(maskCutTail(maskKnown(name, vault), vault), vault).text;
}
