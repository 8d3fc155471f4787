import { useEffect, useRef } from "react";

/** docs/product.md §2, §9: a swipe counts past 100 px; the edge zone is 20 px on either side. */
export const SWIPE_DISTANCE = 100;
export const EDGE_ZONE = 20;

export const isInEdgeZone = (x: number, screenWidth: number) => x <= EDGE_ZONE || x >= screenWidth - EDGE_ZONE;

type Swipe = { startX: number; dx: number; dy: number };

/** What a finished swipe does to the drawer: open it, close it, or nothing. */
export function swipeAction(swipe: Swipe, drawerOpen: boolean): "open" | "close" | null {
  // A mostly vertical gesture is a scroll, not a swipe.
  if (Math.abs(swipe.dx) <= Math.abs(swipe.dy)) return null;
  if (!drawerOpen && swipe.startX <= EDGE_ZONE && swipe.dx > SWIPE_DISTANCE) return "open";
  if (drawerOpen && swipe.dx < -SWIPE_DISTANCE) return "close";
  return null;
}

type Options = { enabled: boolean; open: boolean; onOpen: () => void; onClose: () => void };

/**
 * The settings drawer's touch gestures on the whole document: a right swipe from the left edge
 * opens it, a left swipe closes it, and touches that start in the edge zones have their default
 * action prevented so the browser's own edge gestures (history back/forward) do not fire.
 */
export function useSwipeDrawer({ enabled, open, onOpen, onClose }: Options) {
  const latest = useRef({ open, onOpen, onClose });
  useEffect(() => {
    latest.current = { open, onOpen, onClose };
  });

  useEffect(() => {
    if (!enabled) return;
    let start: { x: number; y: number } | null = null;

    const onTouchStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (!touch || event.touches.length > 1) {
        start = null;
        return;
      }
      start = { x: touch.clientX, y: touch.clientY };
      if (isInEdgeZone(touch.clientX, window.innerWidth) && event.cancelable) event.preventDefault();
    };
    const onTouchEnd = (event: TouchEvent) => {
      const touch = event.changedTouches[0];
      const from = start;
      start = null;
      if (!from || !touch) return;
      const action = swipeAction(
        { startX: from.x, dx: touch.clientX - from.x, dy: touch.clientY - from.y },
        latest.current.open,
      );
      if (action === "open") latest.current.onOpen();
      if (action === "close") latest.current.onClose();
    };
    const onTouchCancel = () => {
      start = null;
    };

    document.addEventListener("touchstart", onTouchStart, { passive: false });
    document.addEventListener("touchend", onTouchEnd);
    document.addEventListener("touchcancel", onTouchCancel);
    return () => {
      document.removeEventListener("touchstart", onTouchStart);
      document.removeEventListener("touchend", onTouchEnd);
      document.removeEventListener("touchcancel", onTouchCancel);
    };
  }, [enabled]);
}
