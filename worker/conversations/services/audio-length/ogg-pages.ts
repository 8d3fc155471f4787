import { ascii, viewOf } from "./types";

// An OGG stream as its pages lay it out (RFC 3533): each page's header says how long its segments
// are, so the next page must start right after them. Packets are read back out of the segments.

export type OggStream = { packets: Uint8Array[]; lastGranule: bigint };

/** One logical stream's packets and its last granule position; null unless pages run unbroken to the end. */
export function readOggPages(bytes: Uint8Array): OggStream | null {
  const data = viewOf(bytes);
  const packets: Uint8Array[] = [];
  let pending: Uint8Array[] = [];
  let serial: number | null = null;
  let lastGranule = -1n;
  for (let at = 0; at < bytes.length; ) {
    if (at + 27 > bytes.length || ascii(bytes, at, 4) !== "OggS" || bytes[at + 4] !== 0) return null;
    const segments = bytes[at + 26]!;
    const table = bytes.subarray(at + 27, at + 27 + segments);
    let body = at + 27 + segments;
    const end = body + table.reduce((sum, lacing) => sum + lacing, 0);
    if (end > bytes.length) return null;
    // One logical stream only: a second one beside it would be sound nobody counted.
    const pageSerial = data.getUint32(at + 14, true);
    if (serial !== null && pageSerial !== serial) return null;
    serial = pageSerial;
    const granule = data.getBigInt64(at + 6, true);
    if (granule >= 0n) lastGranule = granule;
    for (const lacing of table) {
      pending.push(bytes.subarray(body, body + lacing));
      body += lacing;
      if (lacing < 255) {
        packets.push(joined(pending));
        pending = [];
      }
    }
    at = end;
  }
  return packets.length > 0 ? { packets, lastGranule } : null;
}

function joined(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
