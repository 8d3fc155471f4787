import { type AudioLength, ascii, viewOf } from "./types";

// M4A/MP4: the movie header's duration over its time scale. AAC takes at most 6,144 bits per
// channel for 1,024 samples: 576 kbit/s for stereo at 48 kHz.

const AAC_MAX_BYTES_PER_SECOND = 72_000;

function find(bytes: Uint8Array, name: string): number {
  const first = name.charCodeAt(0);
  for (let at = 0; at + name.length <= bytes.length; at++) {
    if (bytes[at] === first && ascii(bytes, at, name.length) === name) return at;
  }
  return -1;
}

export function m4aLength(bytes: Uint8Array): AudioLength | null {
  const mvhd = find(bytes, "mvhd");
  if (mvhd < 0 || mvhd + 36 > bytes.length) return null;
  const data = viewOf(bytes);
  const v1 = bytes[mvhd + 4] === 1;
  const scale = data.getUint32(mvhd + (v1 ? 24 : 16));
  const length = v1 ? Number(data.getBigUint64(mvhd + 28)) : data.getUint32(mvhd + 20);
  return scale ? { seconds: length / scale, maxBytesPerSecond: AAC_MAX_BYTES_PER_SECOND } : null;
}
