import { type AudioLength, ascii, viewOf } from "./types";

// M4A/MP4: the length is the sample tables', not only the movie header's. A file is walked box by
// box to its end: the track's media header gives its time scale, `stts` the durations of its
// samples, and a fragmented file (Safari's recorder writes one, with an empty movie header) says
// its samples in each fragment's `trun`. The longest of these stands; a second track, or a table of
// sizes (`stsz`) listing more or fewer samples than the table of durations, is refused.

/** AAC takes at most 6,144 bits per channel for 1,024 samples: 576 kbit/s for stereo at 48 kHz. */
const AAC_MAX_BYTES_PER_SECOND = 72_000;
const CONTAINERS = new Set(["moov", "trak", "mdia", "minf", "stbl", "mvex", "moof", "traf"]);

/** What the walk has read so far; ticks are in the track's time scale. */
type Walk = {
  tracks: number;
  movieSeconds: number;
  timescale: number;
  tableTicks: number;
  tableSamples: number;
  sizedSamples: number;
  fragmentTicks: number;
  defaultTicks: number;
};

function readBox(bytes: Uint8Array, type: string, at: number, walk: Walk): void {
  const data = viewOf(bytes);
  const v1 = bytes[at] === 1;
  if (type === "mvhd") {
    const scale = data.getUint32(at + (v1 ? 20 : 12));
    const length = v1 ? Number(data.getBigUint64(at + 24)) : data.getUint32(at + 16);
    walk.movieSeconds = scale ? length / scale : 0;
  } else if (type === "trak") walk.tracks++;
  else if (type === "mdhd") walk.timescale = data.getUint32(at + (v1 ? 20 : 12));
  else if (type === "stts") {
    // Entries of (sample count, sample duration).
    for (let i = 0, entry = at + 8; i < data.getUint32(at + 4); i++, entry += 8) {
      walk.tableSamples += data.getUint32(entry);
      walk.tableTicks += data.getUint32(entry) * data.getUint32(entry + 4);
    }
  } else if (type === "stsz") {
    // A decoder reads the samples `stsz` lists; `stts` must give each of them a duration.
    walk.sizedSamples += data.getUint32(at + 8);
  } else if (type === "trex") walk.defaultTicks = data.getUint32(at + 12);
  else if (type === "tfhd") readTfhd(bytes, at, walk);
  else if (type === "trun") walk.fragmentTicks += trunTicks(bytes, at, walk);
}

/** A fragment's default sample duration, when its header has one. */
function readTfhd(bytes: Uint8Array, at: number, walk: Walk): void {
  const flags = viewOf(bytes).getUint32(at) & 0xffffff;
  if (!(flags & 0x08)) return;
  const offset = 8 + (flags & 0x01 ? 8 : 0) + (flags & 0x02 ? 4 : 0);
  walk.defaultTicks = viewOf(bytes).getUint32(at + offset);
}

/** A run's samples: each one's own duration, or the default for all of them. */
function trunTicks(bytes: Uint8Array, at: number, walk: Walk): number {
  const data = viewOf(bytes);
  const flags = data.getUint32(at) & 0xffffff;
  const count = data.getUint32(at + 4);
  if (!(flags & 0x100)) return count * walk.defaultTicks;
  const fields = [0x100, 0x200, 0x400, 0x800].filter((flag) => flags & flag).length;
  let sample = at + 8 + (flags & 0x01 ? 4 : 0) + (flags & 0x04 ? 4 : 0);
  let ticks = 0;
  for (let i = 0; i < count; i++, sample += fields * 4) ticks += data.getUint32(sample);
  return ticks;
}

export function m4aLength(bytes: Uint8Array): AudioLength | null {
  const data = viewOf(bytes);
  const walk: Walk = {
    tracks: 0,
    movieSeconds: 0,
    timescale: 0,
    tableTicks: 0,
    tableSamples: 0,
    sizedSamples: 0,
    fragmentTicks: 0,
    defaultTicks: 0,
  };
  for (let at = 0; at < bytes.length; ) {
    if (at + 8 > bytes.length) return null;
    const declared = data.getUint32(at);
    const type = ascii(bytes, at + 4, 4);
    const header = declared === 1 ? 16 : 8;
    const size = declared === 1 ? Number(data.getBigUint64(at + 8)) : declared === 0 ? bytes.length - at : declared;
    if (size < header || at + size > bytes.length) return null;
    readBox(bytes, type, at + header, walk);
    at = CONTAINERS.has(type) ? at + header : at + size;
  }
  if (walk.tracks !== 1 || !walk.timescale || walk.sizedSamples !== walk.tableSamples) return null;
  const seconds = Math.max(walk.movieSeconds, (walk.tableTicks + walk.fragmentTicks) / walk.timescale);
  return { seconds, maxBytesPerSecond: AAC_MAX_BYTES_PER_SECOND };
}
