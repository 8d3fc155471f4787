import { chatTexts } from "../../ui/texts/chat";

export type AttachmentKind = "image" | "document" | "audio";

/**
 * docs/product.md §5: a file whose type starts with image/ is an image; audio/ is a voice recording
 * (docs/conversations.md "Voice"); everything else is a document.
 */
export const attachmentKind = (file: { type: string }): AttachmentKind =>
  file.type.startsWith("image/") ? "image" : file.type.startsWith("audio/") ? "audio" : "document";

const sizeFormat = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 1 });

/** "840 Б", "12 КБ", "1,5 МБ". */
export function formatSize(bytes: number): string {
  const units = chatTexts.sizeUnits;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${sizeFormat.format(unit === 0 ? value : value < 10 ? value : Math.round(value))} ${units[unit]}`;
}

/** The short type label of a document chip: the extension in capitals ("PDF", "DOCX"). */
export function fileBadge(filename: string): string {
  const dot = filename.lastIndexOf(".");
  const ext = dot > 0 ? filename.slice(dot + 1) : "";
  return ext && ext.length <= 5 ? ext.toUpperCase() : chatTexts.document;
}
