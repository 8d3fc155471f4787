import type { Topic } from "./topics-queries";
import { topicMenuTexts } from "../../ui/texts/topicMenu";
import { InlineNameInput } from "./InlineNameInput";
import { renameTopic } from "./topic-actions";
import { useTopicMenu } from "./topic-menu";

/** The server's limit on a topic name (docs/conversations.md). */
export const TOPIC_NAME_MAX = 100;

/**
 * The topic's title as an input (docs/product.md §4): Enter submits, Escape cancels; on success the list
 * shows the new name and the menu closes. Leaving the field keeps a changed name, as Enter would
 * (or drops it after a refusal).
 */
export function RenameInput({ topic }: { topic: Topic }) {
  const close = useTopicMenu((s) => s.close);
  return (
    <InlineNameInput
      initial={topic.topic_name ?? ""}
      label={topicMenuTexts.renameLabel}
      maxLength={TOPIC_NAME_MAX}
      className="topic-item__rename"
      onSubmit={async (name) => {
        const result = await renameTopic(topic, name);
        if ("error" in result) return result.error;
        close();
        return null;
      }}
      onCancel={close}
    />
  );
}
