import { Buffer } from "node:buffer";
import mammoth from "mammoth";
import { UnreadableDocument } from "../conversations/services/extract/unreadable";

/** The raw text of a DOCX (paragraphs on their own lines), by mammoth. */
export async function docxText(bytes: Uint8Array): Promise<string> {
  try {
    // mammoth's Node build reads `buffer`, its browser build `arrayBuffer`: which one the bundler
    // picks depends on its conditions, so give both.
    const arrayBuffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    const { value } = await mammoth.extractRawText({ buffer: Buffer.from(arrayBuffer), arrayBuffer } as {
      buffer: Buffer;
    });
    return value;
  } catch {
    throw new UnreadableDocument("corrupt");
  }
}
