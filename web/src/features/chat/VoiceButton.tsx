import { Flex, IconButton, Text } from "@radix-ui/themes";
import { Hint } from "../../ui/Hint";
import { chatTexts } from "../../ui/texts/chat";
import { formatDuration, useVoiceRecorder } from "./use-voice-recorder";

const t = chatTexts.voice;

function MicIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 15 15" fill="none" aria-hidden="true">
      <rect x="5" y="1.5" width="5" height="8" rx="2.5" stroke="currentColor" />
      <path d="M3 7.5a4.5 4.5 0 0 0 9 0M7.5 12v2M5.5 14h4" stroke="currentColor" strokeLinecap="round" />
    </svg>
  );
}

/** The microphone by the send button: records a question; the recording goes to `onRecorded`. */
export function VoiceButton({
  disabled,
  onRecorded,
  onError,
}: {
  disabled: boolean;
  onRecorded: (file: File) => void;
  onError: (message: string) => void;
}) {
  const recorder = useVoiceRecorder(onRecorded, onError);
  if (recorder.state === "recording") {
    return (
      <Flex align="center" gap="2" className="voice-recording" role="status" aria-label={t.recording}>
        <span className="voice-recording__dot" aria-hidden />
        <Text size="2" className="voice-recording__time" data-testid="voice-timer">
          {formatDuration(recorder.seconds)}
        </Text>
        <Hint content={t.stop}>
          <IconButton type="button" radius="full" size="2" color="red" aria-label={t.stop} onClick={recorder.stop}>
            <span className="voice-recording__stop" aria-hidden />
          </IconButton>
        </Hint>
      </Flex>
    );
  }
  return (
    <Hint content={t.record}>
      <IconButton
        type="button"
        variant="ghost"
        color="gray"
        radius="full"
        size="2"
        aria-label={t.record}
        disabled={disabled || recorder.state === "starting"}
        onClick={() => void recorder.start()}
      >
        <MicIcon />
      </IconButton>
    </Hint>
  );
}
