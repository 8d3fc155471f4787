import { Button, Flex, Text } from "@radix-ui/themes";
import { type Dispatch, type SetStateAction, useCallback, useRef, useState } from "react";
import { DotsLoader } from "../../ui/DotsLoader";
import { useWhenVisible } from "../../ui/hooks/useWhenVisible";
import { sharePageTexts } from "../../ui/texts/sharePage";
import { loadSharedHistory, type SharedHistory } from "./shared-history";

type More = ReturnType<typeof useMorePages>;

/**
 * The rest of a long shared chat (docs/conversations.md "Sharing"): the page comes with its first
 * messages, and each next page is added below them as the reader reaches the end.
 */
type SetHistory = Dispatch<SetStateAction<SharedHistory | null>>;

export function useMorePages(hash: string, first: string | null, setHistory: SetHistory) {
  const [next, setNext] = useState(first);
  const [state, setState] = useState<"idle" | "loading" | "error">("idle");
  const load = useCallback(() => {
    if (!next || state === "loading") return;
    setState("loading");
    void loadSharedHistory(hash, next).then((page) => {
      if (!page || "gone" in page) return setState("error");
      setHistory((shown) => {
        if (!shown) return page.history;
        const ids = new Set(shown.messages.map((m) => m.id));
        return { ...shown, messages: [...shown.messages, ...page.history.messages.filter((m) => !ids.has(m.id))] };
      });
      setNext(page.next);
      setState("idle");
    });
  }, [hash, next, state, setHistory]);
  return { next, setNext, state, load };
}

/** Where the shown messages end: in view, it brings the next page; the button does the same without scrolling. */
export function MorePages({ more }: { more: More }) {
  const end = useRef<HTMLDivElement>(null);
  useWhenVisible(end, more.next !== null && more.state === "idle", more.load);
  if (more.next === null) return null;
  return (
    <Flex ref={end} direction="column" align="center" gap="2" py="4" data-testid="share-more">
      {more.state === "error" && (
        <Text size="2" color="red" role="alert">
          {sharePageTexts.moreFailed}
        </Text>
      )}
      {more.state === "loading" ? (
        <DotsLoader />
      ) : (
        <Button variant="soft" onClick={more.load}>
          {sharePageTexts.more}
        </Button>
      )}
    </Flex>
  );
}
