import * as CFB from "cfb";
import { unzipSync } from "fflate";
import { AUDIO_MIME, type AudioFormat, detectAudio } from "./audio-types";

export type FileFormat = "png" | "jpeg" | "webp" | "gif" | "pdf" | "docx" | "doc" | "txt" | AudioFormat;
export type TextCharset = "utf-8" | "utf-16le" | "utf-16be" | "windows-1251";

export type DetectedFile = {
  kind: "image" | "document" | "audio";
  format: FileFormat;
  /** What the bytes are served as; text carries its charset so a browser shows it right. */
  mimeType: string;
  /** Text files only: how the bytes decode. */
  charset?: TextCharset;
};

const image = (format: FileFormat, mimeType: string): DetectedFile => ({ kind: "image", format, mimeType });
const document = (format: FileFormat, mimeType: string, charset?: TextCharset): DetectedFile => ({
  kind: "document",
  format,
  mimeType,
  ...(charset && { charset }),
});

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

/**
 * What a file is, judged by its bytes alone (the declared type and the name are not trusted):
 * PNG, JPEG, WEBP, GIF by their signatures; PDF by `%PDF-`; DOCX as a ZIP holding
 * `word/document.xml`; DOC as an OLE2 compound file holding a `WordDocument` stream; voice
 * recordings by their containers (audio-types.ts); text as described at `detectText`. Null for
 * anything else.
 */
export async function detectFileType(bytes: Uint8Array): Promise<DetectedFile | null> {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return image("png", "image/png");
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return image("jpeg", "image/jpeg");
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return image("gif", "image/gif");
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return image("webp", "image/webp");
  const audio = detectAudio(bytes);
  if (audio) return { kind: "audio", format: audio, mimeType: AUDIO_MIME[audio] };
  if (startsWith(bytes, ascii("%PDF-"))) return document("pdf", "application/pdf");
  if (startsWith(bytes, ZIP)) {
    return (await isDocx(bytes))
      ? document("docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document")
      : null;
  }
  if (startsWith(bytes, OLE2)) return isWordBinary(bytes) ? document("doc", "application/msword") : null;
  const charset = detectText(bytes);
  return charset ? document("txt", `text/plain; charset=${charset}`, charset) : null;
}

async function isDocx(bytes: Uint8Array): Promise<boolean> {
  try {
    // Reads the central directory only: the filter takes no entry, so nothing is inflated.
    let found = false;
    unzipSync(bytes, {
      filter: (entry) => {
        if (entry.name === "word/document.xml") found = true;
        return false;
      },
    });
    return found;
  } catch {
    return false;
  }
}

function isWordBinary(bytes: Uint8Array): boolean {
  try {
    // Excel, Outlook and other OLE2 files share the container but not this stream.
    return CFB.find(CFB.read(bytes, { type: "array" }), "WordDocument") !== null;
  } catch {
    return false;
  }
}

const LETTERS_1251 = (byte: number) => byte >= 0xc0 || byte === 0xa8 || byte === 0xb8; // А–я, Ё, ё
const allowedControl = (byte: number) => byte === 0x09 || byte === 0x0a || byte === 0x0d || byte === 0x0c;

/**
 * Text is UTF-8 (with or without BOM) that decodes strictly, UTF-16 with its BOM (what Windows
 * Notepad calls "Unicode"), or, since much Russian text still comes from Windows in it,
 * windows-1251: bytes that are not UTF-8 but whose high bytes are mostly Cyrillic letters. No
 * NUL or other control bytes outside UTF-16, so binaries are not taken for text.
 */
export function detectText(bytes: Uint8Array): TextCharset | null {
  if (bytes.length === 0) return null;
  if (startsWith(bytes, [0xff, 0xfe])) return "utf-16le";
  if (startsWith(bytes, [0xfe, 0xff])) return "utf-16be";
  let high = 0;
  let letters = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (byte < 0x20 && !allowedControl(byte)) return null;
    if (byte === 0x7f) return null;
    if (byte >= 0x80) {
      high += 1;
      if (LETTERS_1251(byte)) letters += 1;
    }
  }
  if (high === 0) return "utf-8";
  try {
    new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
    return "utf-8";
  } catch {
    // 0x98 is unassigned in windows-1251; real Russian text is mostly letters among its high bytes.
    return !bytes.includes(0x98) && letters / high >= 0.7 ? "windows-1251" : null;
  }
}
