import type { TextCharset } from "../file-types";

/** A text file decoded in the charset `detectText` found (a BOM is dropped). */
export function plainText(bytes: Uint8Array, charset: TextCharset): string {
  return new TextDecoder(charset).decode(bytes);
}
