import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from "react";

/** How close to the end still counts as "at the latest message", px. */
const NEAR_BOTTOM_PX = 48;

/**
 * Keeps a scrolling list at its end while it grows (a streaming reply), unless the user scrolled
 * up to read. `content` lists what changes the list's height (a part that grows by itself, the streaming reply,
 * calls `follow`); `atBottom` drives the "jump to latest" button, `stick` goes back to the end.
 */
export function useStickToBottom(ref: RefObject<HTMLElement | null>, content: readonly unknown[]) {
  const stuck = useRef(true);
  const lastTop = useRef(0);
  const [atBottom, setAtBottom] = useState(true);

  const onScroll = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const near = el.scrollHeight - el.scrollTop - el.clientHeight <= NEAR_BOTTOM_PX;
    // Growing content never lowers scrollTop: only the user scrolling up does.
    if (el.scrollTop < lastTop.current - 1) stuck.current = false;
    if (near) stuck.current = true;
    lastTop.current = el.scrollTop;
    setAtBottom(near);
  }, [ref]);

  const stick = useCallback(
    (behavior: ScrollBehavior = "auto") => {
      const el = ref.current;
      stuck.current = true;
      if (!el) return;
      if (typeof el.scrollTo === "function") el.scrollTo({ top: el.scrollHeight, behavior });
      else el.scrollTop = el.scrollHeight;
      lastTop.current = el.scrollTop;
      setAtBottom(true);
    },
    [ref],
  );

  /** The list grew: back to its end unless the user scrolled up. */
  const follow = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    if (stuck.current) {
      el.scrollTop = el.scrollHeight;
      lastTop.current = el.scrollTop;
    }
    setAtBottom(el.scrollHeight - el.scrollTop - el.clientHeight <= NEAR_BOTTOM_PX);
  }, [ref]);

  // `content` is what changes the list's height; its length never changes.
  useLayoutEffect(follow, [follow, ...content]);

  return { onScroll, stick, follow, atBottom };
}
