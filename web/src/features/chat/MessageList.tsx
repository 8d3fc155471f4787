import { Flex, Text } from "@radix-ui/themes";
import { chatTexts } from "../../ui/texts/chat";
import { Markdown } from "../../ui/markdown/LazyMarkdown";
import { MessageView } from "./MessageView";
import type { ChatMessage, StreamingReply } from "./types";
import "./chat.css";

type MessageListProps = {
  messages: ChatMessage[];
  /** The reply streaming in now, rendered as Markdown as it grows. */
  streaming?: StreamingReply | null;
  /** A send is out and no text has come yet: the assistant is "typing". */
  waiting?: boolean;
  /** The share page: no copy buttons or other actions. */
  readOnly?: boolean;
  /** The topic's mode's name for its model, shown under replies (never a model's id). */
  modelTitle?: string | null;
};

/** The conversation in one readable column, oldest first. */
export function MessageList({ messages, streaming = null, waiting = false, readOnly = false, modelTitle = null }: MessageListProps) {
  // Notices of the app come after the conversation's own end.
  const last = messages.findLastIndex((m) => !m.notice);
  return (
    <Flex direction="column" gap="5" className="message-list" role="log" aria-label={chatTexts.messages} aria-live="off">
      {messages.map((message, i) => (
        <MessageView key={message.id ?? `i${i}`} message={message} readOnly={readOnly} modelTitle={modelTitle} last={i === last && !streaming} />
      ))}
      {streaming?.text ? (
        <Flex direction="column" gap="2" className="message message--assistant message--streaming" data-testid="message-streaming" aria-busy>
          <Markdown text={streaming.text} />
        </Flex>
      ) : (
        (waiting || streaming) && (
          <Flex align="center" gap="2" className="message message--assistant" data-testid="message-waiting" role="status">
            <span className="typing-dots" aria-hidden>
              <span />
              <span />
              <span />
            </span>
            <Text size="2" color="gray" className="visually-hidden">
              {chatTexts.thinking}
            </Text>
          </Flex>
        )
      )}
    </Flex>
  );
}
