import { useCallback, useEffect, useRef, useState } from "react";
import { QUOTAS } from "../../../../worker/settings";
import { chatTexts } from "../../ui/texts/chat";

// The browser's recorder (MediaRecorder) for voice questions (docs/conversations.md "Voice"):
// WebM/Opus where the browser writes it (Chrome, Firefox), else OGG or MP4 (Safari).
const TYPES = [
  ["audio/webm;codecs=opus", "webm"],
  ["audio/ogg;codecs=opus", "ogg"],
  ["audio/mp4", "m4a"],
] as const;

function recordingType(): { mimeType: string; ext: string } | null {
  if (typeof MediaRecorder === "undefined") return null;
  const found = TYPES.find(([type]) => MediaRecorder.isTypeSupported?.(type));
  return found ? { mimeType: found[0], ext: found[1] } : { mimeType: "", ext: "webm" };
}

export type RecorderState = "idle" | "starting" | "recording";

/**
 * Records from the microphone until `stop` (or the length limit of settings), then hands the
 * recording over as a file. `onError` gets a Russian reason (no microphone, no permission).
 */
export function useVoiceRecorder(onRecorded: (file: File) => void, onError: (message: string) => void) {
  const [state, setState] = useState<RecorderState>("idle");
  const [seconds, setSeconds] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const callbacks = useRef({ onRecorded, onError });
  callbacks.current = { onRecorded, onError };

  const stop = useCallback(() => {
    if (recorder.current?.state === "recording") recorder.current.stop();
  }, []);

  const start = useCallback(async () => {
    const type = recordingType();
    if (!type || !navigator.mediaDevices?.getUserMedia) return callbacks.current.onError(chatTexts.voice.unsupported);
    setState("starting");
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setState("idle");
      return callbacks.current.onError(chatTexts.voice.denied);
    }
    const chunks: Blob[] = [];
    const media = new MediaRecorder(stream, type.mimeType ? { mimeType: type.mimeType } : undefined);
    recorder.current = media;
    const startedAt = Date.now();
    const timer = setInterval(() => {
      const elapsed = (Date.now() - startedAt) / 1000;
      setSeconds(Math.floor(elapsed));
      if (elapsed >= QUOTAS.audioMaxSeconds) media.stop();
    }, 250);
    media.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    media.onstop = () => {
      clearInterval(timer);
      for (const track of stream.getTracks()) track.stop();
      recorder.current = null;
      setState("idle");
      setSeconds(0);
      const blob = new Blob(chunks, { type: media.mimeType || type.mimeType || "audio/webm" });
      if (blob.size > 0)
        callbacks.current.onRecorded(
          new File([blob], `${chatTexts.voice.filename}.${type.ext}`, { type: blob.type.split(";")[0] }),
        );
    };
    media.start(1000);
    setState("recording");
  }, []);

  // Leaving the chat ends a recording (and frees the microphone).
  useEffect(() => () => stop(), [stop]);

  return { state, seconds, start, stop };
}

/** "0:07", "2:30". */
export const formatDuration = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
