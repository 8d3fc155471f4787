import { OPUS_MAX_BYTES_PER_SECOND, OPUS_RATE, opusPacketSamples } from "./opus";
import { readOggPages } from "./ogg-pages";
import { type AudioLength, ascii, viewOf } from "./types";

// OGG: Opus or Vorbis. The last page's granule position says how many samples came before it, but
// a page can say anything, so the packets are counted too and the longer of the two stands. An
// Opus packet's own first byte says how long it plays; a Vorbis packet plays at least half of the
// short block the identification header names, so their count is a floor a lying granule cannot go under.

/** Vorbis at its best quality in stereo stays near 500 kbit/s; a little room above that. */
const VORBIS_MAX_BYTES_PER_SECOND = 80_000;

function opusLength(packets: Uint8Array[], lastGranule: bigint): AudioLength | null {
  // The two header packets (OpusHead, OpusTags) play nothing.
  if (packets.length < 2 || packets[0]!.length < 19 || ascii(packets[1]!, 0, 8) !== "OpusTags") return null;
  let samples = 0;
  for (const packet of packets.slice(2)) {
    const played = opusPacketSamples(packet);
    if (played === null) return null;
    samples += played;
  }
  const seconds = Math.max(samples, Number(lastGranule)) / OPUS_RATE;
  return { seconds, maxBytesPerSecond: OPUS_MAX_BYTES_PER_SECOND };
}

function vorbisLength(packets: Uint8Array[], lastGranule: bigint): AudioLength | null {
  // The identification header: "\x01vorbis", version, channels, rate, three bitrates, block sizes, framing.
  const header = packets[0]!;
  if (header.length < 30 || packets.length < 3) return null;
  const data = viewOf(header);
  const rate = data.getUint32(12, true);
  const shortBlock = 1 << (header[28]! & 0x0f);
  if (rate < 1000 || rate > 384_000 || shortBlock < 64) return null;
  const audioPackets = packets.slice(3).filter((packet) => packet.length > 0 && (packet[0]! & 0x01) === 0).length;
  const seconds = Math.max((audioPackets * shortBlock) / 2, Number(lastGranule)) / rate;
  return { seconds, maxBytesPerSecond: VORBIS_MAX_BYTES_PER_SECOND };
}

/** The length of an OGG/Opus or OGG/Vorbis recording; null for anything else or a broken stream. */
export function oggLength(bytes: Uint8Array): AudioLength | null {
  const stream = readOggPages(bytes);
  if (!stream) return null;
  const first = stream.packets[0]!;
  if (ascii(first, 0, 8) === "OpusHead") return opusLength(stream.packets, stream.lastGranule);
  if (ascii(first, 0, 7) === "\u0001vorbis") return vorbisLength(stream.packets, stream.lastGranule);
  return null;
}
