import { OPUS_MAX_BYTES_PER_SECOND, OPUS_RATE, opusPacketSamples } from "./opus";
import { readOggPages } from "./ogg-pages";
import { type AudioLength, ascii } from "./types";
import { vorbisLength } from "./vorbis";

// OGG: Opus or Vorbis. The last page's granule position says how many samples came before it, but
// a page can say anything, so the packets are counted too and the longer of the two stands: an
// Opus packet's own first byte says how long it plays, a Vorbis packet's mode (vorbis.ts) which
// block it fills.

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

/** The length of an OGG/Opus or OGG/Vorbis recording; null for anything else or a broken stream. */
export function oggLength(bytes: Uint8Array): AudioLength | null {
  // The three headers of a Vorbis stream are kept whole: its block sizes are at the setup header's end.
  const stream = readOggPages(bytes, 3);
  if (!stream) return null;
  const first = stream.packets[0]!;
  if (ascii(first, 0, 8) === "OpusHead") return opusLength(stream.packets, stream.lastGranule);
  if (ascii(first, 0, 7) === "\u0001vorbis") return vorbisLength(stream.packets, stream.lastGranule);
  return null;
}
