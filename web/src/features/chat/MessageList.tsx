import { Flex } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { chatTexts } from "../../ui/texts/chat";
import { MessageView } from "./MessageView";
import type { ChatMessage } from "./types";
import "./chat.css";

type MessageListProps = {
  messages: ChatMessage[];
  /** A reply is under way: the last message is not the chat's end (no "Продолжить ответ" under it). */
  live?: boolean;
  /** The share page: no copy buttons or other actions. */
  readOnly?: boolean;
  /** The topic's mode's name for its model, shown under replies (never a model's id). */
  modelTitle?: string | null;
  /** After the messages: the reply streaming in now. */
  children?: ReactNode;
};

/** The conversation in one readable column, oldest first. */
export function MessageList(props: MessageListProps) {
  const { messages, live = false, readOnly = false, modelTitle = null, children } = props;
  // Notices of the app come after the conversation's own end.
  const last = messages.findLastIndex((m) => !m.notice);
  const end = live ? -1 : last;
  const shown = { readOnly, modelTitle };
  return (
    <Flex
      direction="column"
      gap="5"
      className="message-list"
      role="log"
      aria-label={chatTexts.messages}
      aria-live="off"
    >
      {messages.map((message, i) => (
        <MessageView key={message.id ?? `i${i}`} message={message} last={i === end} {...shown} />
      ))}
      {children}
    </Flex>
  );
}
