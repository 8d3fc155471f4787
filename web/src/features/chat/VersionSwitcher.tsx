import { ChevronLeftIcon, ChevronRightIcon } from "@radix-ui/react-icons";
import { Flex, IconButton, Text } from "@radix-ui/themes";
import { chatTexts } from "../../ui/texts/chat";
import { useTurn } from "./chat-turn";
import { switchVersion } from "./history-actions";
import { useTopicId } from "./use-topic-id";

const t = chatTexts.versions;

/** ‹ 2/3 › under a message with versions (docs/conversations.md "Versions"): shows the branch of the one picked. */
export function VersionSwitcher({ messageId, versionIds }: { messageId: number; versionIds: number[] }) {
  const busy = useTurn((s) => s.running);
  const topicId = useTopicId();
  const at = versionIds.indexOf(messageId);
  if (versionIds.length < 2 || at < 0) return null;
  const go = (index: number) => topicId && void switchVersion(topicId, versionIds[index]!);
  return (
    <Flex align="center" gap="1" className="version-switcher" data-testid="version-switcher">
      <IconButton
        type="button"
        size="1"
        variant="ghost"
        color="gray"
        aria-label={t.previous}
        disabled={busy || at === 0}
        onClick={() => go(at - 1)}
      >
        <ChevronLeftIcon />
      </IconButton>
      <Text size="1" color="gray" aria-label={t.position(at + 1, versionIds.length)} data-testid="version-position">
        {at + 1}/{versionIds.length}
      </Text>
      <IconButton
        type="button"
        size="1"
        variant="ghost"
        color="gray"
        aria-label={t.next}
        disabled={busy || at === versionIds.length - 1}
        onClick={() => go(at + 1)}
      >
        <ChevronRightIcon />
      </IconButton>
    </Flex>
  );
}
