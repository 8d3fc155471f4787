// How many 48 kHz samples one Opus packet decodes to, from its first bytes (RFC 6716 §3.1): the
// TOC byte's configuration gives the frame's length, its last two bits how many frames follow.

/** Frame length in 48 kHz samples by the TOC's configuration number (0–31). */
function frameSamples(config: number): number {
  if (config < 12) return [480, 960, 1920, 2880][config % 4]!; // SILK: 10, 20, 40, 60 ms
  if (config < 16) return [480, 960][config % 2]!; // hybrid: 10, 20 ms
  return [120, 240, 480, 960][config % 4]!; // CELT: 2.5, 5, 10, 20 ms
}

/** Samples of one packet, or null when its first bytes are not a packet (RFC 6716 allows at most 120 ms). */
export function opusPacketSamples(packet: Uint8Array): number | null {
  if (packet.length === 0) return null;
  const toc = packet[0]!;
  const code = toc & 0x03;
  const frames = code === 0 ? 1 : code < 3 ? 2 : packet.length > 1 ? packet[1]! & 0x3f : 0;
  const samples = frames * frameSamples(toc >> 3);
  return frames > 0 && samples <= 5760 ? samples : null;
}

/** Opus decodes at 48 kHz whatever the input was. */
export const OPUS_RATE = 48_000;

/** Opus's highest bitrate, 510 kbit/s, in bytes per second. */
export const OPUS_MAX_BYTES_PER_SECOND = 63_750;
