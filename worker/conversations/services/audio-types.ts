// Voice recordings judged by their bytes (docs/conversations.md "Voice"): which container, and,
// where the bytes say it, how long. The browser's own recorder writes WebM/Opus (Chrome, Firefox)
// or MP4/AAC (Safari); people also send OGG/Opus (messengers), MP3, M4A and WAV.

export type AudioFormat = "ogg" | "webm" | "mp3" | "m4a" | "wav";

export const AUDIO_MIME: Record<AudioFormat, string> = {
  ogg: "audio/ogg",
  webm: "audio/webm",
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  wav: "audio/wav",
};

const at = (bytes: Uint8Array, text: string, offset = 0) => [...text].every((ch, i) => bytes[offset + i] === ch.charCodeAt(0));
const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const M4A_BRANDS = ["M4A ", "M4B ", "mp42", "mp41", "isom", "iso2", "iso5", "dash"];

function indexOf(bytes: Uint8Array, text: string, from = 0, to = bytes.length): number {
  const first = text.charCodeAt(0);
  for (let i = from; i <= Math.min(to, bytes.length) - text.length; i++) if (bytes[i] === first && at(bytes, text, i)) return i;
  return -1;
}

function lastIndexOf(bytes: Uint8Array, text: string): number {
  for (let i = bytes.length - text.length; i >= 0; i--) if (at(bytes, text, i)) return i;
  return -1;
}

/** The container of a recording, or null when the bytes are not one we take. */
export function detectAudio(bytes: Uint8Array): AudioFormat | null {
  if (at(bytes, "OggS")) return "ogg";
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return indexOf(bytes, "webm", 0, 64) >= 0 ? "webm" : null;
  if (at(bytes, "RIFF") && at(bytes, "WAVE", 8)) return "wav";
  if (at(bytes, "ftyp", 4) && M4A_BRANDS.some((brand) => at(bytes, brand, 8))) return "m4a";
  if (at(bytes, "ID3")) return "mp3";
  // An MPEG audio frame header: 11 sync bits, then layer III of MPEG-1, -2 or -2.5.
  if (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0 && (bytes[1]! & 0x06) === 0x02) return "mp3";
  return null;
}

/** Seconds of sound where the container says so (OGG, WAV, M4A, a WebM with its duration); null when it does not. */
export function audioSeconds(bytes: Uint8Array, format: AudioFormat): number | null {
  const data = view(bytes);
  switch (format) {
    case "ogg": {
      // The last page's granule position counts samples: 48 kHz for Opus, the header's rate for Vorbis.
      const last = lastIndexOf(bytes, "OggS");
      const vorbis = indexOf(bytes, "\u0001vorbis", 0, 512);
      const rate = vorbis >= 0 ? data.getUint32(vorbis + 12, true) : 48_000;
      if (last < 0 || last + 14 > bytes.length || !rate) return null;
      return Number(data.getBigUint64(last + 6, true)) / rate;
    }
    case "wav": {
      const fmt = indexOf(bytes, "fmt ", 12, 256);
      const body = indexOf(bytes, "data", 12, 4096);
      if (fmt < 0 || body < 0 || fmt + 20 > bytes.length || body + 8 > bytes.length) return null;
      const byteRate = data.getUint32(fmt + 16, true);
      return byteRate ? Math.min(data.getUint32(body + 4, true), bytes.length - body - 8) / byteRate : null;
    }
    case "m4a": {
      const mvhd = indexOf(bytes, "mvhd");
      if (mvhd < 0 || mvhd + 36 > bytes.length) return null;
      const v1 = bytes[mvhd + 4] === 1;
      const scale = data.getUint32(mvhd + (v1 ? 24 : 16));
      const length = v1 ? Number(data.getBigUint64(mvhd + 28)) : data.getUint32(mvhd + 20);
      return scale ? length / scale : null;
    }
    case "webm": {
      // Segment Info's Duration (0x4489), a float in TimecodeScale units (1 ms unless said otherwise).
      const duration = findEbml(bytes, [0x44, 0x89]);
      if (duration < 0) return null;
      const size = bytes[duration + 2];
      const value = size === 0x84 ? data.getFloat32(duration + 3) : size === 0x88 ? data.getFloat64(duration + 3) : null;
      return value === null ? null : value / 1000;
    }
    case "mp3":
      return null;
  }
}

function findEbml(bytes: Uint8Array, id: number[]): number {
  const end = Math.min(bytes.length - 11, 4096);
  for (let i = 4; i < end; i++) if (bytes[i] === id[0] && bytes[i + 1] === id[1] && (bytes[i + 2] === 0x84 || bytes[i + 2] === 0x88)) return i;
  return -1;
}
