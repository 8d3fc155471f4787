import { Cross2Icon } from "@radix-ui/react-icons";
import { Dialog, Flex, IconButton } from "@radix-ui/themes";
import { lazy, Suspense } from "react";
import { type Topic, useListedTopic } from "../topics/topics-queries";
import { shareTexts } from "../../ui/texts/share";
import "./share.css";

// The link's settings and their controls load when the dialog first opens, not with every page of
// the main layout (docs/scale.md "Smaller to load").
const ShareLinkPanel = lazy(async () => ({ default: (await import("./ShareLinkPanel")).ShareLinkPanel }));

/** The listed version of the topic when there is one (its share hash may have changed since the menu opened). */
function useCurrent(topic: Topic | null) {
  const listed = useListedTopic(topic?.id ?? null);
  return topic && (listed ?? topic);
}

/** "Поделиться чатом": create the read-only link with its lifetime, copy it, change it or switch it off. */
export function ShareDialog({ topic, onClose }: { topic: Topic | null; onClose: () => void }) {
  const current = useCurrent(topic);
  return (
    <Dialog.Root open={topic != null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="480px" data-testid="share-dialog">
        <Flex justify="between" align="start" gap="3">
          <Dialog.Title>{shareTexts.title}</Dialog.Title>
          <Dialog.Close>
            <IconButton variant="ghost" color="gray" aria-label={shareTexts.close}>
              <Cross2Icon />
            </IconButton>
          </Dialog.Close>
        </Flex>
        <Dialog.Description size="2" color="gray">
          {shareTexts.description}
        </Dialog.Description>
        {/* Mounted per opening: the link's settings are read again each time (share-link.ts). */}
        <Suspense fallback={null}>{current && <ShareLinkPanel key={current.id} topic={current} />}</Suspense>
      </Dialog.Content>
    </Dialog.Root>
  );
}
