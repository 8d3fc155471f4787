import { Button, Flex, TextArea } from "@radix-ui/themes";
import { useState } from "react";
import { QUOTAS } from "../../../../worker/settings";
import { chatTexts } from "../../ui/texts/chat";
import { edit } from "./turn-actions";
import { useTopicId } from "./use-topic-id";
import { isSendKey } from "./composer-rules";
import { isTouchScreen } from "../../ui/hooks/useMediaQuery";

const t = chatTexts.versions;

/** A question being edited in place: sending makes a new version of it and asks again. */
export function QuestionEditor({ messageId, text, onClose }: { messageId: number; text: string; onClose: () => void }) {
  const [draft, setDraft] = useState(text);
  const topicId = useTopicId();
  const ready = draft.trim().length > 0 && draft.trim() !== text.trim();
  const submit = () => {
    if (!ready) return;
    onClose();
    if (topicId) void edit(topicId, messageId, draft);
  };
  return (
    <Flex direction="column" gap="2" className="question-editor" data-testid="question-editor">
      <TextArea
        aria-label={t.editLabel}
        value={draft}
        maxLength={QUOTAS.messageMaxChars}
        autoFocus
        resize="vertical"
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape") onClose();
          // On a touch screen Enter breaks the line; the button sends (as in the composer).
          if (isSendKey(e) && !isTouchScreen()) {
            e.preventDefault();
            submit();
          }
        }}
      />
      <Flex gap="2" justify="end">
        <Button type="button" size="1" variant="soft" color="gray" onClick={onClose}>
          {t.editCancel}
        </Button>
        <Button type="button" size="1" disabled={!ready} onClick={submit}>
          {t.editSend}
        </Button>
      </Flex>
    </Flex>
  );
}
