import { WorkerEntrypoint } from "cloudflare:workers";
import { UnreadableDocument, type UnreadableReason } from "../conversations/services/extract/unreadable";
import { dictionaryLemmatizer } from "./dictionary";
import { normalWord } from "./lemmas";

// The document reader (docs/scale.md "Smaller to load"): PDF.js, mammoth and word-extractor are
// most of what the API Worker would otherwise load on every cold start, for the rare upload that
// needs them. The API Worker calls this one by RPC over a service binding (EXTRACTOR). It also holds
// the search's dictionary of word forms (docs/conversations.md "Search"), megabytes for the same reason.

export type ExtractableFormat = "pdf" | "docx" | "doc";
export type Extracted = { text: string } | { unreadable: UnreadableReason };

export class Extractor extends WorkerEntrypoint {
  /** The raw text of a document, or why there is none to read. */
  async extract(format: ExtractableFormat, bytes: Uint8Array): Promise<Extracted> {
    try {
      return { text: await readerFor(format)(bytes) };
    } catch (err) {
      if (err instanceof UnreadableDocument) return { unreadable: err.reason };
      throw err;
    }
  }

  /** Each word's lemmas, in the words' order (lower case, ё as е); none for a word the dictionary lacks. */
  async lemmas(words: string[]): Promise<string[][]> {
    const lemmatize = dictionaryLemmatizer();
    return words.map((word) => lemmatize(normalWord(word)));
  }
}

function readerFor(format: ExtractableFormat): (bytes: Uint8Array) => Promise<string> {
  switch (format) {
    case "pdf":
      return async (bytes) => (await import("./pdf")).pdfText(bytes);
    case "docx":
      return async (bytes) => (await import("./docx")).docxText(bytes);
    case "doc":
      return async (bytes) => (await import("./doc")).docText(bytes);
  }
}

// Nothing is served over HTTP: the Worker has no route and answers only its binding.
export default {
  fetch: () => new Response(null, { status: 404 }),
} satisfies ExportedHandler;
