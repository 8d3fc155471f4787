import type { Env } from "../../env";
import { detectFileType } from "../../conversations/services/file-types";
import { plainText } from "../../conversations/services/extract/txt";
import { checkZip, ZipRefused } from "../../conversations/services/extract/zip-limits";
import { htmlText, looksLikeHtml } from "./html-text";
import { LawImportError } from "./errors";

export const READ_TEXTS = {
  format: "Файл должен быть текстом акта: обычный текст, HTML или DOCX",
  unreadable: "Не удалось прочитать DOCX: файл повреждён или зашифрован",
} as const;

/**
 * The text of an act's file as published: plain text (UTF-8, UTF-16 or windows-1251), an HTML page
 * (paragraphs kept, tags dropped) or a DOCX, read by the document reader Worker (worker/extractor).
 */
export async function readActFile(env: Env, bytes: Uint8Array): Promise<string> {
  const file = await detectFileType(bytes);
  if (file?.format === "docx") {
    try {
      await checkZip(bytes);
    } catch (err) {
      if (err instanceof ZipRefused) throw new LawImportError(READ_TEXTS.unreadable);
      throw err;
    }
    const extracted = await env.EXTRACTOR.extract("docx", bytes);
    if ("unreadable" in extracted) throw new LawImportError(READ_TEXTS.unreadable);
    return extracted.text;
  }
  if (file?.format !== "txt") throw new LawImportError(READ_TEXTS.format);
  const text = plainText(bytes, file.charset ?? "utf-8");
  return looksLikeHtml(text) ? htmlText(text) : text;
}
