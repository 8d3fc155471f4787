import { Button, Flex, IconButton, Text, TextArea } from "@radix-ui/themes";
import { Hint } from "../../ui/Hint";
import { type ReactNode, useId, useState } from "react";
import { chatTexts } from "../../ui/texts/chat";
import { rate as rateMessage } from "./history-actions";
import { useTopicId } from "./use-topic-id";
import { ThumbDownIcon, ThumbUpIcon } from "./feedback-icons";

const t = chatTexts.feedback;
type Rating = "up" | "down";

/**
 * 👍/👎 under a reply (docs/conversations.md "Feedback"). A second click on the chosen one takes it
 * back; 👎 also opens a comment under it (optional), since "what was wrong" is what makes it useful.
 */
export function FeedbackButtons({ messageId, rating }: { messageId: number; rating: Rating | null }) {
  const [asking, setAsking] = useState(false);
  const [comment, setComment] = useState("");
  const [said, setSaid] = useState<"thanks" | "failed" | null>(null);
  const commentId = useId();
  const topicId = useTopicId();
  // The rating clicked, shown at once; the history's copy in the cache follows a moment later.
  const [sending, setSending] = useState<Rating | null | undefined>(undefined);
  const shown = sending === undefined ? rating : sending;

  const rate = async (next: Rating | null, text?: string) => {
    setSaid(null);
    setSending(next);
    const ok = topicId ? await rateMessage(topicId, messageId, next, text) : false;
    setSending(undefined);
    setSaid(ok ? (text ? "thanks" : null) : "failed");
    return ok;
  };

  const button = (value: Rating, icon: ReactNode, label: string) => (
    <Hint content={label}>
      <IconButton
        type="button"
        size="1"
        variant={shown === value ? "soft" : "ghost"}
        color={shown === value ? "indigo" : "gray"}
        aria-label={label}
        aria-pressed={shown === value}
        data-testid={`feedback-${value}`}
        onClick={() => {
          const next = shown === value ? null : value;
          void rate(next);
          setAsking(next === "down");
        }}
      >
        {icon}
      </IconButton>
    </Hint>
  );

  return (
    <Flex direction="column" gap="2">
      <Flex align="center" gap="1">
        {button("up", <ThumbUpIcon />, t.up)}
        {button("down", <ThumbDownIcon />, t.down)}
        {said && (
          <Text size="1" color={said === "failed" ? "red" : "gray"} role={said === "failed" ? "alert" : "status"}>
            {said === "failed" ? t.failed : t.thanks}
          </Text>
        )}
      </Flex>
      {asking && (
        <form
          className="feedback-comment"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const text = comment.trim();
            if (!text) return setAsking(false);
            void rate("down", text).then((ok) => {
              if (!ok) return;
              setComment("");
              setAsking(false);
            });
          }}
        >
          <Flex direction="column" gap="2">
            <Text as="label" size="2" weight="medium" htmlFor={commentId}>
              {t.commentLabel}
            </Text>
            <TextArea
              id={commentId}
              value={comment}
              maxLength={2000}
              placeholder={t.commentPlaceholder}
              onChange={(event) => setComment(event.target.value)}
            />
            <Flex justify="end">
              <Button type="submit" size="1">
                {t.send}
              </Button>
            </Flex>
          </Flex>
        </form>
      )}
    </Flex>
  );
}
