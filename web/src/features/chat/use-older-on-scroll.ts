import { type RefObject, useCallback, useLayoutEffect, useRef } from "react";
import type { useHistory } from "./history-query";

/** How close to the top starts loading the older page, px. */
const NEAR_TOP_PX = 240;

/**
 * History comes newest first by pages (docs/scale.md "Pages"): scrolling near the top of the chat
 * loads the page before, and the messages read stay where they were on screen as it lands above them.
 */
export function useOlderOnScroll(ref: RefObject<HTMLElement | null>, history: ReturnType<typeof useHistory>) {
  const { messages, older, loadingOlder, loadOlder } = history;
  // Distance from the bottom of the list before the older page came; null when none is awaited.
  const fromBottom = useRef<number | null>(null);

  const onScroll = useCallback(() => {
    const el = ref.current;
    if (!el || el.scrollTop > NEAR_TOP_PX || !older || loadingOlder) return;
    fromBottom.current = el.scrollHeight - el.scrollTop;
    void loadOlder().then((loaded) => {
      if (!loaded) fromBottom.current = null;
    });
  }, [ref, older, loadingOlder, loadOlder]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the messages change, to put back the place read.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || fromBottom.current === null) return;
    el.scrollTop = el.scrollHeight - fromBottom.current;
    fromBottom.current = null;
  }, [ref, messages]);

  return onScroll;
}
