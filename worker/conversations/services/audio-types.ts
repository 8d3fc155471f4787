// Voice recordings judged by their bytes (docs/conversations.md "Voice"): which container they are;
// how long they play is judged in audio-length/. The browser's own recorder writes WebM/Opus
// (Chrome, Firefox) or MP4/AAC (Safari); people also send OGG/Opus (messengers), MP3, M4A and WAV.

export type AudioFormat = "ogg" | "webm" | "mp3" | "m4a" | "wav";

export const AUDIO_MIME: Record<AudioFormat, string> = {
  ogg: "audio/ogg",
  webm: "audio/webm",
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  wav: "audio/wav",
};

const at = (bytes: Uint8Array, text: string, offset = 0) =>
  [...text].every((ch, i) => bytes[offset + i] === ch.charCodeAt(0));
const M4A_BRANDS = ["M4A ", "M4B ", "mp42", "mp41", "isom", "iso2", "iso5", "dash"];

function indexOf(bytes: Uint8Array, text: string, from = 0, to = bytes.length): number {
  const first = text.charCodeAt(0);
  for (let i = from; i <= Math.min(to, bytes.length) - text.length; i++)
    if (bytes[i] === first && at(bytes, text, i)) return i;
  return -1;
}

/** The container of a recording, or null when the bytes are not one we take. */
export function detectAudio(bytes: Uint8Array): AudioFormat | null {
  if (at(bytes, "OggS")) return "ogg";
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3)
    return indexOf(bytes, "webm", 0, 64) >= 0 ? "webm" : null;
  if (at(bytes, "RIFF") && at(bytes, "WAVE", 8)) return "wav";
  if (at(bytes, "ftyp", 4) && M4A_BRANDS.some((brand) => at(bytes, brand, 8))) return "m4a";
  if (at(bytes, "ID3")) return "mp3";
  // An MPEG audio frame header: 11 sync bits, then layer III of MPEG-1, -2 or -2.5.
  if (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0 && (bytes[1]! & 0x06) === 0x02) return "mp3";
  return null;
}
