import { type AudioLength, ascii } from "./types";

// MP3: the length is the frames themselves. Each MPEG audio frame header says its bitrate and
// sample rate, hence its own length in bytes, so the next header must start right where the frame
// ends; random bytes after an ID3 tag do not keep such a chain going and are refused.

const KBPS_MPEG1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const KBPS_MPEG2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
/** Sample rates by the header's version bits: 3 = MPEG-1, 2 = MPEG-2, 0 = MPEG-2.5 (1 is reserved). */
const RATES: Record<number, number[]> = {
  3: [44_100, 48_000, 32_000],
  2: [22_050, 24_000, 16_000],
  0: [11_025, 12_000, 8000],
};

/** 320 kbit/s, the highest bitrate a layer III frame can say. */
const MP3_MAX_BYTES_PER_SECOND = 40_000;
const ID3V1_BYTES = 128;

type Frame = { bytes: number; samples: number; rate: number; version: number };

/** A layer III frame header at `at`, or null (free-format bitrate, reserved values, no sync). */
function frameAt(bytes: Uint8Array, at: number): Frame | null {
  if (at + 4 > bytes.length || bytes[at] !== 0xff || (bytes[at + 1]! & 0xe0) !== 0xe0) return null;
  const version = (bytes[at + 1]! >> 3) & 0x03;
  const layer = (bytes[at + 1]! >> 1) & 0x03;
  const bitrateIndex = bytes[at + 2]! >> 4;
  const rateIndex = (bytes[at + 2]! >> 2) & 0x03;
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const rate = RATES[version]![rateIndex]!;
  const kbps = (version === 3 ? KBPS_MPEG1 : KBPS_MPEG2)[bitrateIndex]!;
  const samples = version === 3 ? 1152 : 576;
  const padding = (bytes[at + 2]! >> 1) & 0x01;
  return { bytes: Math.floor(((samples / 8) * kbps * 1000) / rate) + padding, samples, rate, version };
}

/** Where the audio starts: after an ID3v2 tag (its size is four 7-bit bytes) and any zero padding. */
function audioStart(bytes: Uint8Array): number {
  let at = 0;
  if (ascii(bytes, 0, 3) === "ID3" && bytes.length >= 10) {
    const size = [6, 7, 8, 9].reduce((sum, i) => (sum << 7) | (bytes[i]! & 0x7f), 0);
    at = 10 + size + (bytes[5]! & 0x10 ? 10 : 0);
  }
  while (at < bytes.length && bytes[at] === 0) at++;
  return at;
}

/** Frames × samples per frame over the sample rate; null unless frames run unbroken to the end. */
export function mp3Length(bytes: Uint8Array): AudioLength | null {
  let at = audioStart(bytes);
  const first = frameAt(bytes, at);
  if (!first) return null;
  let samples = 0;
  while (at < bytes.length) {
    const left = bytes.length - at;
    if (left === ID3V1_BYTES && ascii(bytes, at, 3) === "TAG") break;
    const frame = frameAt(bytes, at);
    // One stream keeps its version and sample rate; a last frame cut short still plays.
    if (!frame || frame.version !== first.version || frame.rate !== first.rate) return null;
    samples += frame.samples;
    at += frame.bytes;
  }
  return { seconds: samples / first.rate, maxBytesPerSecond: MP3_MAX_BYTES_PER_SECOND };
}
