/// <reference path="./word-extractor.d.ts" />
import { Buffer } from "node:buffer";
import WordExtractor from "word-extractor";
import { UnreadableDocument } from "../conversations/services/extract/unreadable";

/** The body text of a Word 97–2003 .doc (OLE2), by word-extractor. */
export async function docText(bytes: Uint8Array): Promise<string> {
  try {
    const document = await new WordExtractor().extract(Buffer.from(bytes));
    return document.getBody();
  } catch {
    throw new UnreadableDocument("corrupt");
  }
}
