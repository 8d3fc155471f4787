import { Button, Flex, Text } from "@radix-ui/themes";
import { useCallback, useId, useRef } from "react";
import { useWhenVisible } from "../../ui/hooks/useWhenVisible";
import { browserTimeZone, invalidateTopics, type TopicGroup, useTopicList } from "./topics-queries";
import { sidebarTexts } from "../../ui/texts/sidebar";
import { topicsTexts } from "../../ui/texts/topics";
import { DotsLoader } from "../../ui/DotsLoader";
import { useActiveTopicId } from "./active-topic";
import { dateLabel } from "./date-label";
import { useSidebar } from "./sidebar-state";
import { TopicItem } from "./TopicItem";
import { OpenTopicGroup } from "./OpenTopicGroup";
import { useToday } from "./use-today";

function Group({ group, label, activeId }: { group: TopicGroup; label: string | null; activeId: string | null }) {
  const labelId = useId();
  return (
    <section
      className="topic-group"
      aria-labelledby={label ? labelId : undefined}
      data-testid="topic-group"
      data-date={group.date ?? "pinned"}
    >
      {label && (
        <Text as="div" size="1" weight="medium" color="gray" className="topic-group__label" id={labelId}>
          {label}
        </Text>
      )}
      <ul className="topic-group__list">
        {group.topics.map((topic) => (
          <TopicItem key={topic.id} topic={topic} active={activeId === String(topic.id)} />
        ))}
      </ul>
    </section>
  );
}

/** The topics grouped by day (docs/product.md §2): a label only where the group has a date. */
export function TopicList() {
  const list = useTopicList();
  const groups = list.data ?? [];
  const error = list.error?.message ?? null;
  const status = useSidebar((s) => s.status);
  const folderId = useSidebar((s) => s.folderId);
  const timeZone = browserTimeZone();
  const now = useToday(timeZone);
  const activeId = useActiveTopicId();
  // The list comes by pages (docs/scale.md "Pages"): its end in view brings the next one.
  const end = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const more = hasNextPage && !isFetchingNextPage && !list.isError;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  useWhenVisible(end, more, loadMore);

  if (groups.length === 0) {
    if (list.isError) {
      return (
        <Flex direction="column" gap="2" align="start" px="3" py="2">
          <Text size="2" color="red" role="alert" data-testid="topics-error">
            {error}
          </Text>
          <Button size="1" variant="soft" onClick={() => void invalidateTopics()}>
            {topicsTexts.retry}
          </Button>
        </Flex>
      );
    }
    if (!list.isSuccess) {
      return (
        <Flex justify="center" py="4" aria-busy="true">
          <DotsLoader />
        </Flex>
      );
    }
    return (
      <>
        <OpenTopicGroup activeId={activeId} groups={groups} />
        <Text as="p" size="2" color="gray" className="topic-list__message" data-testid="topics-empty">
          {status === "archived"
            ? topicsTexts.emptyArchive
            : folderId != null
              ? topicsTexts.emptyFolder
              : topicsTexts.empty}
        </Text>
      </>
    );
  }

  return (
    <nav aria-label={sidebarTexts.label} className="topic-list" aria-busy={list.isFetching || undefined}>
      {list.isError && (
        <Text as="p" size="1" color="red" role="alert" className="topic-list__message" data-testid="topics-error">
          {error}
        </Text>
      )}
      <OpenTopicGroup activeId={activeId} groups={groups} />
      {groups.map((group) => (
        <Group
          key={group.date ?? "pinned"}
          group={group}
          label={dateLabel(group.date, now, timeZone)}
          activeId={activeId}
        />
      ))}
      <div ref={end} className="topic-list__end">
        {isFetchingNextPage && <DotsLoader />}
        {more && (
          <Button size="1" variant="ghost" color="gray" onClick={loadMore} data-testid="topics-more">
            {topicsTexts.more}
          </Button>
        )}
      </div>
    </nav>
  );
}
