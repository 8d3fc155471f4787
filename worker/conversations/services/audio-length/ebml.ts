// EBML, the coding of WebM/Matroska: every element is an id and a size, both variable-length
// integers whose first byte's leading zeros say how many bytes follow (RFC 8794 §4).

export type EbmlElement = { id: number; dataStart: number; size: number | null; end: number };

/** A variable-length integer at `at`: its length and value (with the marker bit for ids); null past the end. */
function vint(bytes: Uint8Array, at: number, keepMarker: boolean): { length: number; value: number } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + bytes[at + i]!;
  return { length, value };
}

/** How many bytes the variable-length integer at `at` takes (a block's track number); null when it is not one. */
export const vintLength = (bytes: Uint8Array, at: number): number | null => vint(bytes, at, false)?.length ?? null;

/** The element starting at `at`; `size` is null for "unknown" (all ones: a live recording's segment and clusters). */
export function elementAt(bytes: Uint8Array, at: number): EbmlElement | null {
  const id = vint(bytes, at, true);
  if (!id || id.length > 4) return null;
  const size = vint(bytes, at + id.length, false);
  if (!size) return null;
  const dataStart = at + id.length + size.length;
  const unknown = size.value === 2 ** (7 * size.length) - 1;
  if (unknown) return { id: id.value, dataStart, size: null, end: bytes.length };
  return { id: id.value, dataStart, size: size.value, end: dataStart + size.value };
}
