import { ascii, viewOf } from "./types";

// An OGG stream as its pages lay it out (RFC 3533): each page's header says how long its segments
// are, so the next page must start right after them. Packets are read back out of the segments.

/**
 * The first `wholePackets` packets whole, then each one's first bytes (its TOC or mode), and the last granule position.
 */
export type OggStream = { packets: Uint8Array[]; lastGranule: bigint };

const PACKET_HEAD_BYTES = 32;

/** One logical stream's packet heads and its last granule; null unless pages run unbroken to the end. */
export function readOggPages(bytes: Uint8Array, wholePackets: number): OggStream | null {
  const data = viewOf(bytes);
  const packets: Uint8Array[] = [];
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
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
      const whole = packets.length < wholePackets;
      if (whole || pendingBytes < PACKET_HEAD_BYTES) pending.push(bytes.subarray(body, body + lacing));
      pendingBytes += lacing;
      body += lacing;
      if (lacing < 255) {
        packets.push(whole ? joined(pending) : headOf(pending));
        pending = [];
        pendingBytes = 0;
      }
    }
    at = end;
  }
  return packets.length > 0 ? { packets, lastGranule } : null;
}

/** A packet's first bytes without copying the rest: only a packet split early across pages is joined. */
function headOf(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1 || parts[0]!.length >= PACKET_HEAD_BYTES) return parts[0]!.subarray(0, PACKET_HEAD_BYTES);
  const out = new Uint8Array(PACKET_HEAD_BYTES);
  let at = 0;
  for (const part of parts) {
    if (at >= PACKET_HEAD_BYTES) break;
    out.set(part.subarray(0, PACKET_HEAD_BYTES - at), at);
    at += Math.min(part.length, PACKET_HEAD_BYTES - at);
  }
  return out.subarray(0, at);
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
