import { Flex, Text } from "@radix-ui/themes";
import { useLayoutEffect } from "react";
import { useShallow } from "zustand/react/shallow";
import { Markdown } from "../../ui/markdown/LazyMarkdown";
import { withoutHalfTableRow } from "../../ui/markdown/half-table-row";
import { chatTexts } from "../../ui/texts/chat";
import { useTurn } from "./chat-turn";

/**
 * The reply streaming in now, rendered as Markdown as it grows, or the assistant "typing" before
 * its first word: the one part of the chat a chunk renders again. `onGrow` follows its height.
 */
export function LiveReply({ onGrow }: { onGrow?: () => void }) {
  const { running, streaming } = useTurn(useShallow((s) => ({ running: s.running, streaming: s.streaming })));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text.
  useLayoutEffect(() => onGrow?.(), [onGrow, streaming?.text, running]);
  if (streaming?.text) {
    const className = "message message--assistant message--streaming";
    return (
      <Flex direction="column" gap="2" className={className} data-testid="message-streaming" aria-busy>
        <Markdown text={withoutHalfTableRow(streaming.text)} />
      </Flex>
    );
  }
  if (!running && !streaming) return null;
  return (
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
  );
}
