import { type AudioLength, ascii, viewOf } from "./types";

// WAV: its length is the data's bytes over the bytes of a second, and that rate is not taken from
// the header's own byte-rate field (a lie there would make hours look like seconds): it is worked
// out from the sample rate and the block size, and the header must agree with it.

// PCM, IEEE float, A-law, µ-law and the extensible header: a fixed number of bytes per sample.
const UNCOMPRESSED = new Set([0x0001, 0x0003, 0x0006, 0x0007, 0xfffe]);

type Fmt = { bytesPerSecond: number };

function readFmt(bytes: Uint8Array, at: number, size: number): Fmt | null {
  if (size < 16 || at + 16 > bytes.length) return null;
  const data = viewOf(bytes);
  const tag = data.getUint16(at, true);
  const channels = data.getUint16(at + 2, true);
  const sampleRate = data.getUint32(at + 4, true);
  const byteRate = data.getUint32(at + 8, true);
  const blockAlign = data.getUint16(at + 12, true);
  const bits = data.getUint16(at + 14, true);
  if (!UNCOMPRESSED.has(tag) || channels < 1 || channels > 8 || bits % 8 !== 0 || bits === 0 || bits > 64) return null;
  if (sampleRate < 1000 || sampleRate > 384_000 || blockAlign !== (channels * bits) / 8) return null;
  if (byteRate !== sampleRate * blockAlign) return null;
  return { bytesPerSecond: sampleRate * blockAlign };
}

/** Every byte after the data chunk's header counts as sound: a data size that says less is not trusted. */
export function wavLength(bytes: Uint8Array): AudioLength | null {
  const data = viewOf(bytes);
  let fmt: Fmt | null = null;
  for (let at = 12; at + 8 <= bytes.length; ) {
    const id = ascii(bytes, at, 4);
    const size = data.getUint32(at + 4, true);
    if (id === "fmt ") fmt = readFmt(bytes, at + 8, size);
    if (id === "data") {
      if (!fmt) return null;
      return { seconds: (bytes.length - at - 8) / fmt.bytesPerSecond, maxBytesPerSecond: fmt.bytesPerSecond };
    }
    if (id === "fmt " && !fmt) return null;
    at += 8 + size + (size & 1);
  }
  return null;
}
