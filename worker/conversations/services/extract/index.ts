import type { Env } from "../../../env";
import type { DetectedFile } from "../file-types";
import { plainText } from "./txt";
import { UnreadableDocument } from "./unreadable";

export { UnreadableDocument, type UnreadableReason } from "./unreadable";

/**
 * Most characters of a document's text kept in D1 (a D1 row holds at most 2 MB). The model gets
 * far less per message (`QUOTAS.documentTextBudgetChars`), so a longer text is still cut with a note there.
 */
export const EXTRACTED_TEXT_MAX_CHARS = 500_000;

/**
 * The text of a document, normalised (line ends, trailing spaces, runs of blank lines) and capped
 * at `EXTRACTED_TEXT_MAX_CHARS`. Throws `UnreadableDocument` when there is none to read: an
 * encrypted or broken file, a scan without a text layer, an empty document.
 */
export async function extractDocumentText(env: Env, file: DetectedFile, bytes: Uint8Array): Promise<string> {
  const raw = await rawText(env, file, bytes);
  const text = normalise(raw);
  if (!/[\p{L}\p{N}]/u.test(text)) throw new UnreadableDocument("empty");
  return text.slice(0, EXTRACTED_TEXT_MAX_CHARS);
}

// PDF, DOCX and DOC are read by the extractor Worker (worker/extractor): PDF.js alone is megabytes
// of code that every cold start of this Worker would otherwise load.
async function rawText(env: Env, file: DetectedFile, bytes: Uint8Array): Promise<string> {
  switch (file.format) {
    case "pdf":
    case "docx":
    case "doc": {
      const extracted = await env.EXTRACTOR.extract(file.format, bytes);
      if ("unreadable" in extracted) throw new UnreadableDocument(extracted.unreadable);
      return extracted.text;
    }
    case "txt":
      return plainText(bytes, file.charset ?? "utf-8");
    default:
      throw new Error(`not a document: ${file.format}`);
  }
}

const normalise = (text: string) =>
  text
    .replace(/\r\n?/g, "\n")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL bytes are what this removes
    .replace(/\u0000/g, "")
    .replace(/[ \t\u00a0]+$/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
