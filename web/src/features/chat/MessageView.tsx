import { ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { Badge, Button, Flex, Text } from "@radix-ui/themes";
import { memo } from "react";
import { useSettings } from "../account/settings-store";
import { texts } from "../../ui/texts";
import { Markdown } from "../../ui/markdown/Markdown";
import { CopyButton } from "../../ui/CopyButton";
import { FeedbackButtons } from "./FeedbackButtons";
import { FileChip } from "./FileChip";
import type { AttachmentView, ChatMessage } from "./types";

function MessageAttachments({ attachments, align }: { attachments: AttachmentView[]; align: "start" | "end" }) {
  const images = attachments.filter((a) => a.content_type === "image");
  const documents = attachments.filter((a) => a.content_type !== "image");
  return (
    <Flex direction="column" gap="2" align={align} className="message__attachments">
      {images.length > 0 && (
        <Flex gap="2" wrap="wrap" justify={align}>
          {images.map((image, i) =>
            image.url ? (
              <a key={image.id ?? i} href={image.url} target="_blank" rel="noopener noreferrer" className="message__image">
                <img src={image.url} alt={image.filename || texts.chat.image} loading="lazy" />
              </a>
            ) : null,
          )}
        </Flex>
      )}
      {documents.map((doc, i) => (
        <FileChip key={doc.id ?? i} filename={doc.filename} size={doc.size} href={doc.url} />
      ))}
    </Flex>
  );
}

/**
 * One message: the user's as a bubble on the right, the assistant's as Markdown on the left with
 * the copy button and the model's name under it (`readOnly` drops the actions for the share page).
 */
export const MessageView = memo(function MessageView({
  message,
  readOnly = false,
  modelTitle = null,
}: {
  message: ChatMessage;
  readOnly?: boolean;
  /** The mode's name for its model; the brand alone until the modes are loaded. */
  modelTitle?: string | null;
}) {
  const attachments = message.attachments ?? [];
  if (message.role === "user") {
    return (
      <Flex direction="column" align="end" gap="2" className="message message--user" data-testid="message-user">
        {attachments.length > 0 && <MessageAttachments attachments={attachments} align="end" />}
        {message.text && <div className="message__bubble">{message.text}</div>}
      </Flex>
    );
  }

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
            {texts.chat.upgrade}
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
    >
      {attachments.length > 0 && <MessageAttachments attachments={attachments} align="start" />}
      <Markdown text={message.text} />
      <Flex align="center" gap="3" wrap="wrap" className="message__footer">
        {!readOnly && <CopyButton text={message.text} />}
        {!readOnly && typeof message.id === "number" && <FeedbackButtons messageId={message.id} rating={message.feedback ?? null} />}
        {message.state === "partial" && (
          <Badge color="amber" variant="soft" data-testid="message-partial">
            {texts.chat.partial}
          </Badge>
        )}
        {message.model && (
          <Text size="1" color="gray" data-testid="message-model">
            {texts.chat.model.replace("{model}", modelTitle ?? texts.brand)}
          </Text>
        )}
      </Flex>
    </Flex>
  );
});
