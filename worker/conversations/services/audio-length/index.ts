import type { AudioFormat } from "../audio-types";
import { m4aLength } from "./m4a";
import { mp3Length } from "./mp3";
import { oggLength } from "./ogg";
import type { AudioLength } from "./types";
import { wavLength } from "./wav";
import { webmLength } from "./webm";

export type { AudioLength } from "./types";

const READERS: Record<AudioFormat, (bytes: Uint8Array) => AudioLength | null> = {
  ogg: oggLength,
  webm: webmLength,
  mp3: mp3Length,
  m4a: m4aLength,
  wav: wavLength,
};

/** How long a recording plays, judged from its own bytes; null when they cannot tell (conversations.md "Voice"). */
export function audioLength(bytes: Uint8Array, format: AudioFormat): AudioLength | null {
  try {
    return READERS[format](bytes);
  } catch (err) {
    // A header cut short reads past its end: a file that cannot be judged, not a server error.
    if (err instanceof RangeError) return null;
    throw err;
  }
}
