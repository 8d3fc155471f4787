import { ArrowUpIcon, PlusIcon, StopIcon } from "@radix-ui/react-icons";
import { Button, Flex, IconButton, Text } from "@radix-ui/themes";
import { Hint } from "../../ui/Hint";
import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from "react";
import { useDisclaimerGate } from "../billing/disclaimer/use-disclaimer-gate";
import { QUOTAS } from "../../../../worker/settings";
import { useAuth } from "../auth/auth-store";
import type { DraftAttachment } from "./draft-files";
import { useSettings } from "../account/settings-store";
import { chatTexts } from "../../ui/texts/chat";
import { AttachmentTray } from "./AttachmentTray";
import { VoiceButton } from "./VoiceButton";
import { ACCEPTED_FILES, COMPOSER_MAX_HEIGHT, composerRules, isSendKey } from "./composer-rules";
import { isTouchScreen } from "../../ui/hooks/useMediaQuery";

type ComposerProps = {
  text: string;
  onTextChange: (text: string) => void;
  onSend: () => void;
  onStop: () => void;
  onAttach: (files: File[]) => void;
  /** A voice question was recorded: it is attached and its text comes into the box. */
  onRecorded: (file: File) => void;
  /** Why recording could not start (no microphone, no permission). */
  onRecordingError: (message: string) => void;
  onRemoveAttachment: (key: string) => void;
  attachments: DraftAttachment[];
  loading: boolean;
  /** A reply is streaming and can be stopped. */
  canStop: boolean;
  outOfRequests: boolean;
  /** Said under the box about what is typed (the privacy guard's notice). */
  notice?: ReactNode;
  /** The box takes the focus again when this changes (a mode picked on Main). */
  focusKey?: string;
};

/** docs/product.md §2 chat view: attach button, the growing text box, send (or stop while a reply streams). */
export function Composer({
  text,
  onTextChange,
  onSend,
  onStop,
  onAttach,
  onRecorded,
  onRecordingError,
  onRemoveAttachment,
  attachments,
  loading,
  canStop,
  outOfRequests,
  notice,
  focusKey,
}: ComposerProps) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const { sendDisabled, inputDisabled } = composerRules({ text, loading, outOfRequests });
  // A mode's terms come before the first message in it, above the box; after «Принимаю» a waiting message goes.
  const { guard, terms } = useDisclaimerGate();
  const latestSend = useRef(onSend);
  latestSend.current = onSend;
  const send = () => guard(() => latestSend.current());

  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text, which the element holds.
  useLayoutEffect(() => {
    const el = textarea.current;
    if (!el) return;
    el.style.height = "auto";
    const height = Math.min(el.scrollHeight, COMPOSER_MAX_HEIGHT);
    el.style.height = `${height}px`;
    el.style.overflowY = el.scrollHeight > COMPOSER_MAX_HEIGHT ? "auto" : "hidden";
  }, [text]);

  // The box is free again after a reply, or a mode was picked: the cursor goes back into it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: focusKey is the trigger, not read.
  useLayoutEffect(() => {
    if (!inputDisabled && window.matchMedia?.("(pointer: fine)").matches) textarea.current?.focus();
  }, [inputDisabled, focusKey]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // On a touch screen Enter is the keyboard's new line, as in every messenger; the button sends.
    if (!isSendKey(event) || isTouchScreen()) return;
    event.preventDefault();
    // docs/product.md §5: Enter sends only for a signed-in user.
    if (!sendDisabled && useAuth.getState().record?.access_token) send();
  };

  return (
    <div className="composer">
      {terms}
      <div className="composer__card" data-disabled={inputDisabled || undefined}>
        <AttachmentTray attachments={attachments} onRemove={onRemoveAttachment} />
        <textarea
          ref={textarea}
          className="composer__input"
          rows={1}
          value={text}
          placeholder={chatTexts.placeholder}
          aria-label={chatTexts.messageLabel}
          maxLength={QUOTAS.messageMaxChars}
          disabled={inputDisabled}
          onChange={(event) => onTextChange(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Flex align="center" justify="between" gap="2">
          <Hint content={chatTexts.attach}>
            <IconButton
              type="button"
              variant="ghost"
              color="gray"
              radius="full"
              size="2"
              aria-label={chatTexts.attach}
              disabled={inputDisabled}
              onClick={() => fileInput.current?.click()}
              className="composer__attach"
            >
              <PlusIcon width="18" height="18" />
            </IconButton>
          </Hint>
          <input
            ref={fileInput}
            type="file"
            multiple
            accept={ACCEPTED_FILES}
            hidden
            data-testid="composer-file-input"
            onChange={(event) => {
              onAttach(Array.from(event.target.files ?? []));
              // The same file may be picked again after it was removed.
              event.target.value = "";
            }}
          />
          <Flex align="center" gap="3">
            {!canStop && <VoiceButton disabled={inputDisabled} onRecorded={onRecorded} onError={onRecordingError} />}
            {canStop ? (
              <Hint content={chatTexts.stop}>
                <IconButton
                  type="button"
                  radius="full"
                  size="2"
                  color="gray"
                  highContrast
                  aria-label={chatTexts.stop}
                  onClick={onStop}
                >
                  <StopIcon width="16" height="16" />
                </IconButton>
              </Hint>
            ) : (
              <IconButton
                type="button"
                radius="full"
                size="2"
                aria-label={chatTexts.send}
                disabled={sendDisabled}
                onClick={send}
              >
                <ArrowUpIcon width="18" height="18" />
              </IconButton>
            )}
          </Flex>
        </Flex>
      </div>
      {notice}
      {outOfRequests && (
        <Flex align="center" justify="center" gap="3" wrap="wrap" className="composer__hint" role="status">
          <Text size="2" color="gray">
            {chatTexts.noRequests}
          </Text>
          {/* Straight to the plans: the way to buy more. */}
          <Button
            size="1"
            variant="soft"
            onClick={() => useSettings.getState().openSettings("subscription", "available")}
          >
            {chatTexts.upgrade}
          </Button>
        </Flex>
      )}
    </div>
  );
}
