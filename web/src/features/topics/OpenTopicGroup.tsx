import { Text } from "@radix-ui/themes";
import { useId } from "react";
import { useQuery } from "@tanstack/react-query";
import { topicsTexts } from "../../ui/texts/topics";
import { useSignedIn, useUserKey } from "../auth/session-user";
import { topicQuery, type TopicGroup } from "./topics-queries";
import { TopicItem } from "./TopicItem";

/**
 * The chat on screen when the list does not hold it (another mode's under a filter, a folder or the
 * archive view, a chat beyond the loaded pages): shown above the list, so the sidebar never hides
 * it and the filter never has to switch by itself (docs/web.md "Sidebar filter").
 */
export function OpenTopicGroup({ activeId, groups }: { activeId: string | null; groups: TopicGroup[] }) {
  const labelId = useId();
  const listed = activeId !== null && groups.some((g) => g.topics.some((t) => String(t.id) === activeId));
  const own = useQuery({
    ...topicQuery(useUserKey(), String(activeId)),
    enabled: useSignedIn() && activeId !== null && !listed,
  });
  if (listed || !own.data || String(own.data.id) !== activeId) return null;
  return (
    <section className="topic-group" aria-labelledby={labelId} data-testid="open-topic-group">
      <Text as="div" size="1" weight="medium" color="gray" className="topic-group__label" id={labelId}>
        {topicsTexts.openNow}
      </Text>
      <ul className="topic-group__list">
        <TopicItem topic={own.data} active />
      </ul>
    </section>
  );
}
