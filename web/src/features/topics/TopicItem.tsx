import { DotsHorizontalIcon, DrawingPinFilledIcon } from "@radix-ui/react-icons";
import { Text } from "@radix-ui/themes";
import { Link } from "react-router";
import type { Topic } from "./topics-queries";
import { topicMenuTexts } from "../../ui/texts/topicMenu";
import { topicsTexts } from "../../ui/texts/topics";
import { ModeIcon } from "../modes/ModeIcon";
import { RenameInput } from "./RenameInput";
import { menuAnchor, useTopicMenu } from "./topic-menu";

export const topicTitle = (topic: Pick<Topic, "topic_name">) => topic.topic_name?.trim() || topicsTexts.untitled;

/** One topic of the list: its name (or the rename input) and, on hover, the dots that open its menu. */
export function TopicItem({ topic, active }: { topic: Topic; active: boolean }) {
  const renaming = useTopicMenu((s) => s.mode === "rename" && s.topic?.id === topic.id);
  const menuOpen = useTopicMenu((s) => s.mode === "menu" && s.topic?.id === topic.id);
  const openMenu = useTopicMenu((s) => s.openMenu);
  const title = topicTitle(topic);

  return (
    <li
      className="topic-item"
      data-active={active || undefined}
      data-menu-open={menuOpen || undefined}
      data-testid="topic-item"
      data-topic-id={topic.id}
    >
      {renaming ? (
        <RenameInput topic={topic} />
      ) : (
        <>
          <Link
            to={`/chat/${topic.id}`}
            className="topic-item__link"
            aria-current={active ? "page" : undefined}
            title={title}
          >
            <span className="topic-item__mode" aria-hidden="true" data-mode={topic.assistant_type}>
              <ModeIcon mode={topic.assistant_type} size={14} />
            </span>
            {topic.pinned && <DrawingPinFilledIcon className="topic-item__pin" aria-label={topicMenuTexts.pinned} />}
            <Text size="2" truncate>
              {title}
            </Text>
          </Link>
          <button
            type="button"
            className="topic-item__dots"
            aria-label={`${topicMenuTexts.actions}: ${title}`}
            aria-haspopup="menu"
            aria-expanded={menuOpen}
            onClick={(event) => openMenu(topic, menuAnchor(event, event.currentTarget.getBoundingClientRect()))}
          >
            <DotsHorizontalIcon />
          </button>
        </>
      )}
    </li>
  );
}
