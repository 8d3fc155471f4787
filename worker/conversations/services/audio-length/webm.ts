import { elementAt, vintLength } from "./ebml";
import { OPUS_MAX_BYTES_PER_SECOND, OPUS_RATE, opusPacketSamples } from "./opus";
import { type AudioLength, ascii, viewOf } from "./types";

// WebM: the browser's recorder writes no Duration, so the length comes from the blocks: each
// block's time (its cluster's timecode plus its own offset) and the Opus packet inside it, whose
// first byte says how long it plays. The file is walked element by element to its end; anything
// that does not parse, another codec or laced blocks cannot be judged.

const ID = {
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  codecId: 0x86,
  cluster: 0x1f43b675,
  timecode: 0xe7,
  blockGroup: 0xa0,
  block: 0xa1,
  simpleBlock: 0xa3,
};
/** Elements whose children are walked; every other one is skipped whole. */
const PARENTS = new Set([ID.segment, ID.info, ID.tracks, ID.trackEntry, ID.cluster, ID.blockGroup]);

const readUint = (bytes: Uint8Array, at: number, size: number) => {
  let value = 0;
  for (let i = 0; i < size; i++) value = value * 256 + bytes[at + i]!;
  return value;
};

/** What the walk has read so far; times in ticks of TimecodeScale nanoseconds. */
type Walk = {
  scaleNs: number;
  durationTicks: number;
  codecs: string[];
  clusterTicks: number;
  endTicks: number;
  samples: number;
};

/** One block: track number, a 16-bit offset from its cluster's time, flags, then one Opus packet. */
function readBlock(bytes: Uint8Array, start: number, end: number, walk: Walk): boolean {
  const track = vintLength(bytes, start);
  const headerEnd = start + (track ?? end) + 3;
  if (track === null || headerEnd > end) return false;
  const offset = viewOf(bytes).getInt16(start + track, false);
  // Laced blocks hold several packets whose lengths would need reading too: not what recorders write.
  if ((bytes[start + track + 2]! & 0x06) !== 0) return false;
  const samples = opusPacketSamples(bytes.subarray(headerEnd, end));
  if (samples === null) return false;
  walk.samples += samples;
  const playedTicks = (samples / OPUS_RATE) * (1e9 / walk.scaleNs);
  walk.endTicks = Math.max(walk.endTicks, walk.clusterTicks + offset + playedTicks);
  return true;
}

function readLeaf(bytes: Uint8Array, id: number, start: number, size: number, walk: Walk): boolean {
  if (id === ID.timecodeScale) walk.scaleNs = readUint(bytes, start, size) || 1e6;
  else if (id === ID.timecode) walk.clusterTicks = readUint(bytes, start, size);
  else if (id === ID.codecId) walk.codecs.push(ascii(bytes, start, size).replace(/\0+$/, ""));
  else if (id === ID.duration && (size === 4 || size === 8)) {
    const data = viewOf(bytes);
    walk.durationTicks = size === 4 ? data.getFloat32(start) : data.getFloat64(start);
  } else if (id === ID.simpleBlock || id === ID.block) return readBlock(bytes, start, start + size, walk);
  return true;
}

/** The length of a WebM/Opus recording from its blocks (and its Duration, if it says more). */
export function webmLength(bytes: Uint8Array): AudioLength | null {
  const walk: Walk = { scaleNs: 1e6, durationTicks: 0, codecs: [], clusterTicks: 0, endTicks: 0, samples: 0 };
  for (let at = 0; at < bytes.length; ) {
    const element = elementAt(bytes, at);
    if (!element || element.end > bytes.length) return null;
    if (PARENTS.has(element.id)) {
      at = element.dataStart;
      continue;
    }
    if (element.size === null || !readLeaf(bytes, element.id, element.dataStart, element.size, walk)) return null;
    at = element.end;
  }
  if (walk.codecs.length !== 1 || walk.codecs[0] !== "A_OPUS" || walk.samples === 0) return null;
  const ticks = Math.max(walk.endTicks, walk.durationTicks);
  const seconds = Math.max((ticks * walk.scaleNs) / 1e9, walk.samples / OPUS_RATE);
  return { seconds, maxBytesPerSecond: OPUS_MAX_BYTES_PER_SECOND };
}
