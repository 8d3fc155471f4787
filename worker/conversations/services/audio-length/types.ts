/**
 * A recording's length as judged from its own bytes, and the most bytes one second of its format
 * can take: a file larger than that many seconds allow holds something other than the sound it claims.
 */
export type AudioLength = { seconds: number; maxBytesPerSecond: number };

/** The bytes at `at` read as Latin-1 text: box names, codec ids, magic words. */
export function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}
export const viewOf = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
