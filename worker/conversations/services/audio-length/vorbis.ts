import { type AudioLength, viewOf } from "./types";
import { vorbisModeFlags } from "./vorbis-modes";

// OGG/Vorbis: each audio packet plays a quarter of the previous block and a quarter of its own,
// and its mode (a few bits after the packet type) says whether its block is the short or the long
// one the identification header names. Summed, that is what a decoder puts out, whatever the
// granule positions claim.

/** Vorbis at its best quality in stereo stays near 500 kbit/s; a little room above that. */
const VORBIS_MAX_BYTES_PER_SECOND = 80_000;

const bitsFor = (value: number) => (value === 0 ? 0 : 32 - Math.clz32(value));

/** `packets` holds the three headers (the setup one whole), then each audio packet's first bytes. */
export function vorbisLength(packets: Uint8Array[], lastGranule: bigint): AudioLength | null {
  // The identification header: "\x01vorbis", version, channels, rate, three bitrates, block sizes, framing.
  const header = packets[0]!;
  if (header.length < 30 || packets.length < 3) return null;
  const rate = viewOf(header).getUint32(12, true);
  const blocks = [1 << (header[28]! & 0x0f), 1 << (header[28]! >> 4)];
  if (rate < 1000 || rate > 384_000 || blocks[0]! < 64 || blocks[1]! > 8192 || blocks[0]! > blocks[1]!) return null;
  const flags = vorbisModeFlags(packets[2]!);
  if (!flags) return null;
  const modeBits = bitsFor(flags.length - 1);
  let samples = 0;
  let previous: number | null = null;
  for (const packet of packets.slice(3)) {
    if (packet.length === 0 || (packet[0]! & 0x01) !== 0) continue;
    // The mode number follows the packet-type bit, least significant bit first; 6 bits at most.
    const mode = ((packet[0]! | ((packet[1] ?? 0) << 8)) >> 1) & ((1 << modeBits) - 1);
    if (mode >= flags.length) return null;
    const block = blocks[flags[mode]!]!;
    if (previous !== null) samples += previous / 4 + block / 4;
    previous = block;
  }
  const seconds = Math.max(samples, Number(lastGranule)) / rate;
  return { seconds, maxBytesPerSecond: VORBIS_MAX_BYTES_PER_SECOND };
}
