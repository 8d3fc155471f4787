import { ExclamationTriangleIcon, Pencil1Icon, ReloadIcon, TrackNextIcon } from "@radix-ui/react-icons";
import { Badge, Button, Flex, IconButton, Text } from "@radix-ui/themes";
import { Hint } from "../../ui/Hint";
import { memo, type ReactNode, useMemo, useState } from "react";
import { useSettings } from "../account/settings-store";
import { chatTexts } from "../../ui/texts/chat";
import { commonTexts } from "../../ui/texts/common";
import { Markdown } from "../../ui/markdown/LazyMarkdown";
import { withoutHalfTableRow } from "../../ui/markdown/half-table-row";
import { CopyButton } from "../../ui/CopyButton";
import { useTurn } from "./chat-turn";
import { continueReply, regenerate } from "./turn-actions";
import { useTopicAction } from "./use-topic-id";
import { FeedbackButtons } from "./FeedbackButtons";
import { FileChip } from "./FileChip";
import { QuestionEditor } from "./QuestionEditor";
import type { AttachmentView, ChatMessage } from "./types";
import { VersionSwitcher } from "./VersionSwitcher";
import { MaskedNote } from "../privacy/MaskedNote";
import { CitedReply } from "../law/CitedReply";
import { citationsOf } from "../law/citations";

const tv = chatTexts.versions;

function MessageAttachments({ attachments, align }: { attachments: AttachmentView[]; align: "start" | "end" }) {
  const images = attachments.filter((a) => a.content_type === "image");
  const recordings = attachments.filter((a) => a.content_type === "audio");
  const documents = attachments.filter((a) => a.content_type === "document");
  return (
    <Flex direction="column" gap="2" align={align} className="message__attachments">
      {images.length > 0 && (
        <Flex gap="2" wrap="wrap" justify={align}>
          {images.map((image, i) =>
            image.url ? (
              <a
                key={image.id ?? i}
                href={image.url}
                target="_blank"
                rel="noopener noreferrer"
                className="message__image"
              >
                <img src={image.url} alt={image.filename || chatTexts.image} loading="lazy" />
              </a>
            ) : null,
          )}
        </Flex>
      )}
      {recordings.map((audio, i) =>
        audio.url ? (
          // biome-ignore lint/a11y/useMediaCaption: a user's own voice question; its text is the message under it
          <audio
            key={audio.id ?? i}
            controls
            preload="none"
            src={audio.url}
            className="message__audio"
            aria-label={audio.filename}
            data-testid="message-audio"
          />
        ) : null,
      )}
      {documents.map((doc, i) => (
        <FileChip key={doc.id ?? i} filename={doc.filename} size={doc.size} href={doc.url} />
      ))}
    </Flex>
  );
}

/** A small icon action under a message, off while a reply is being written. */
function MessageAction({
  label,
  hint = label,
  testId,
  onClick,
  children,
}: {
  label: string;
  /** The tooltip, when it says more than the name (what the action costs). */
  hint?: string;
  testId: string;
  onClick: () => void;
  children: ReactNode;
}) {
  const busy = useTurn((s) => s.running);
  return (
    <Hint content={hint}>
      <IconButton
        type="button"
        size="1"
        variant="ghost"
        color="gray"
        aria-label={label}
        data-testid={testId}
        disabled={busy}
        onClick={onClick}
      >
        {children}
      </IconButton>
    </Hint>
  );
}

/** "Другой ответ": another reply to the same question, in the old one's place. */
function RegenerateAction({ messageId }: { messageId: number }) {
  const ask = useTopicAction();
  return (
    <MessageAction
      label={tv.regenerate}
      hint={tv.regenerateHint}
      testId="message-regenerate"
      onClick={() => ask(regenerate, messageId)}
    >
      <ReloadIcon />
    </MessageAction>
  );
}

/** The user's question: a bubble on the right, with its versions and, for a saved one, "Изменить". */
function UserMessage({ message, readOnly }: { message: ChatMessage; readOnly: boolean }) {
  const [editing, setEditing] = useState(false);
  const attachments = message.attachments ?? [];
  const saved = typeof message.id === "number" ? message.id : null;
  return (
    <Flex
      direction="column"
      align="end"
      gap="2"
      className="message message--user"
      data-testid="message-user"
      data-message-id={saved ?? undefined}
    >
      {attachments.length > 0 && <MessageAttachments attachments={attachments} align="end" />}
      {editing && saved !== null ? (
        <QuestionEditor messageId={saved} text={message.text} onClose={() => setEditing(false)} />
      ) : (
        message.text && <div className="message__bubble">{message.text}</div>
      )}
      {!editing && message.masked && message.masked.length > 0 && <MaskedNote masked={message.masked} />}
      {!readOnly && saved !== null && !editing && (
        <Flex align="center" gap="3" className="message__footer message__footer--user">
          <VersionSwitcher messageId={saved} versionIds={message.version_ids ?? [saved]} />
          <MessageAction label={tv.edit} hint={tv.editHint} testId="message-edit" onClick={() => setEditing(true)}>
            <Pencil1Icon />
          </MessageAction>
        </Flex>
      )}
    </Flex>
  );
}

/**
 * One message: the user's as a bubble on the right, the assistant's as Markdown on the left with
 * the copy button and the model's name under it (`readOnly` drops the actions for the share page).
 * `last` marks the end of the chat, where a cut reply can be continued.
 */
export const MessageView = memo(function MessageView({
  message,
  readOnly = false,
  modelTitle = null,
  last = false,
}: {
  message: ChatMessage;
  readOnly?: boolean;
  /** The mode's name for its model; the brand alone until the modes are loaded. */
  modelTitle?: string | null;
  last?: boolean;
}) {
  const attachments = message.attachments ?? [];
  if (message.role === "user") return <UserMessage message={message} readOnly={readOnly} />;

  if (message.notice) {
    return (
      <Flex
        direction="column"
        align="start"
        gap="2"
        className={`message message--assistant message--notice message--${message.notice}`}
        data-testid="message-notice"
        role={message.notice === "error" ? "alert" : "status"}
      >
        <Flex gap="2" align="start">
          {message.notice === "error" && <ExclamationTriangleIcon className="message__notice-icon" aria-hidden />}
          <Text size="3">{message.text}</Text>
        </Flex>
        {message.action === "upgrade" && !readOnly && (
          <Button size="2" variant="soft" onClick={() => useSettings.getState().openSettings("subscription")}>
            {chatTexts.upgrade}
          </Button>
        )}
      </Flex>
    );
  }

  return (
    <Flex
      direction="column"
      align="stretch"
      gap="2"
      className="message message--assistant"
      data-testid="message-assistant"
      data-state={message.state ?? "complete"}
      data-message-id={typeof message.id === "number" ? message.id : undefined}
    >
      {attachments.length > 0 && <MessageAttachments attachments={attachments} align="start" />}
      <ReplyText message={message} />
      <Flex align="center" gap="3" wrap="wrap" className="message__footer">
        {!readOnly && typeof message.id === "number" && (
          <VersionSwitcher messageId={message.id} versionIds={message.version_ids ?? [message.id]} />
        )}
        {!readOnly && <CopyButton text={message.text} />}
        {!readOnly && typeof message.id === "number" && (
          <FeedbackButtons messageId={message.id} rating={message.feedback ?? null} />
        )}
        {!readOnly && typeof message.id === "number" && <RegenerateAction messageId={message.id} />}
        {message.state === "partial" && (
          <Badge color="amber" variant="soft" data-testid="message-partial">
            {chatTexts.partial}
          </Badge>
        )}
        {!readOnly && last && message.state === "partial" && typeof message.id === "number" && <ContinueButton />}
        {message.model && (
          <Text size="1" color="gray" data-testid="message-model">
            {chatTexts.model.replace("{model}", modelTitle ?? commonTexts.brand)}
          </Text>
        )}
      </Flex>
    </Flex>
  );
});

/** A reply's Markdown; with its checked citations marked and «Источники» under it when it has any. */
function ReplyText({ message }: { message: ChatMessage }) {
  const text = message.state === "partial" ? withoutHalfTableRow(message.text) : message.text;
  // A half row cut off the end takes its citations with it: `citationsOf` keeps only those inside the text.
  const citations = useMemo(() => citationsOf({ ...message, text }), [message, text]);
  if (citations.length > 0) {
    return <CitedReply text={text} citations={citations} date={message.citations_date ?? null} />;
  }
  return <Markdown text={text} />;
}

/** "Продолжить ответ" under a cut reply at the end of the chat (docs/conversations.md "Continue"). */
function ContinueButton() {
  const busy = useTurn((s) => s.running);
  const ask = useTopicAction();
  const onClick = () => ask(continueReply);
  return (
    <Button type="button" size="1" variant="soft" disabled={busy} data-testid="message-continue" onClick={onClick}>
      <TrackNextIcon />
      {tv.continue}
    </Button>
  );
}
