import { cleanup, fireEvent, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EDGE_ZONE, SWIPE_DISTANCE, swipeAction, useSwipeDrawer } from "../../web/src/ui/hooks/useSwipeDrawer";

type Point = { x: number; y: number };

/** A one-finger gesture on the page, as synthetic touch events; answers whether touchstart's default was prevented. */
function swipe(from: Point, to: Point) {
  const notPrevented = fireEvent.touchStart(document.body, { touches: [{ clientX: from.x, clientY: from.y }] });
  fireEvent.touchMove(document.body, { touches: [{ clientX: to.x, clientY: to.y }] });
  fireEvent.touchEnd(document.body, { touches: [], changedTouches: [{ clientX: to.x, clientY: to.y }] });
  return { prevented: !notPrevented };
}

function setup(open: boolean, enabled = true) {
  const onOpen = vi.fn();
  const onClose = vi.fn();
  const hook = renderHook((props) => useSwipeDrawer(props), { initialProps: { enabled, open, onOpen, onClose } });
  return { onOpen, onClose, hook };
}

describe("swipeAction", () => {
  it("opens on a right swipe of more than 100 px that starts in the left edge zone", () => {
    expect(swipeAction({ startX: 0, dx: SWIPE_DISTANCE + 1, dy: 0 }, false)).toBe("open");
    expect(swipeAction({ startX: EDGE_ZONE, dx: 150, dy: 10 }, false)).toBe("open");
  });

  it("does not open on exactly 100 px, from outside the edge zone, or when already open", () => {
    expect(swipeAction({ startX: 5, dx: SWIPE_DISTANCE, dy: 0 }, false)).toBeNull();
    expect(swipeAction({ startX: EDGE_ZONE + 1, dx: 200, dy: 0 }, false)).toBeNull();
    expect(swipeAction({ startX: 5, dx: 200, dy: 0 }, true)).toBeNull();
  });

  it("closes on a left swipe of more than 100 px from anywhere, only when open", () => {
    expect(swipeAction({ startX: 250, dx: -(SWIPE_DISTANCE + 1), dy: 0 }, true)).toBe("close");
    expect(swipeAction({ startX: 250, dx: -SWIPE_DISTANCE, dy: 0 }, true)).toBeNull();
    expect(swipeAction({ startX: 250, dx: -200, dy: 0 }, false)).toBeNull();
  });

  it("ignores a mostly vertical gesture (a scroll)", () => {
    expect(swipeAction({ startX: 5, dx: 150, dy: 160 }, false)).toBeNull();
    expect(swipeAction({ startX: 250, dx: -150, dy: -200 }, true)).toBeNull();
  });
});

describe("useSwipeDrawer on real touch events", () => {
  afterEach(cleanup);

  it("a right swipe from the left edge opens the drawer", () => {
    const { onOpen, onClose } = setup(false);
    swipe({ x: 5, y: 300 }, { x: 160, y: 310 });
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("a right swipe that starts away from the edge does nothing", () => {
    const { onOpen } = setup(false);
    swipe({ x: 60, y: 300 }, { x: 300, y: 300 });
    expect(onOpen).not.toHaveBeenCalled();
  });

  it("a short right swipe does nothing", () => {
    const { onOpen } = setup(false);
    swipe({ x: 5, y: 300 }, { x: 100, y: 300 });
    expect(onOpen).not.toHaveBeenCalled();
  });

  it("a left swipe closes the open drawer, following the latest open state", () => {
    const { onOpen, onClose, hook } = setup(false);
    swipe({ x: 300, y: 300 }, { x: 100, y: 300 });
    expect(onClose).not.toHaveBeenCalled();
    hook.rerender({ enabled: true, open: true, onOpen, onClose });
    swipe({ x: 300, y: 300 }, { x: 100, y: 300 });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("prevents the default action of touches within 20 px of either screen edge only", () => {
    setup(false);
    const width = window.innerWidth;
    expect(swipe({ x: 0, y: 200 }, { x: 0, y: 200 }).prevented).toBe(true);
    expect(swipe({ x: EDGE_ZONE, y: 200 }, { x: EDGE_ZONE, y: 200 }).prevented).toBe(true);
    expect(swipe({ x: width - EDGE_ZONE, y: 200 }, { x: width - EDGE_ZONE, y: 200 }).prevented).toBe(true);
    expect(swipe({ x: width - 1, y: 200 }, { x: width - 1, y: 200 }).prevented).toBe(true);
    expect(swipe({ x: EDGE_ZONE + 1, y: 200 }, { x: EDGE_ZONE + 1, y: 200 }).prevented).toBe(false);
    expect(swipe({ x: width / 2, y: 200 }, { x: width / 2, y: 200 }).prevented).toBe(false);
  });

  it("does nothing while disabled (wide screens) and after unmount", () => {
    const disabled = setup(false, false);
    expect(swipe({ x: 5, y: 300 }, { x: 200, y: 300 }).prevented).toBe(false);
    expect(disabled.onOpen).not.toHaveBeenCalled();
    disabled.hook.unmount();

    const enabled = setup(false);
    enabled.hook.unmount();
    expect(swipe({ x: 5, y: 300 }, { x: 200, y: 300 }).prevented).toBe(false);
    expect(enabled.onOpen).not.toHaveBeenCalled();
  });

  it("a second finger cancels the gesture", () => {
    const { onOpen } = setup(false);
    fireEvent.touchStart(document.body, {
      touches: [
        { clientX: 5, clientY: 300 },
        { clientX: 200, clientY: 300 },
      ],
    });
    fireEvent.touchEnd(document.body, { touches: [], changedTouches: [{ clientX: 200, clientY: 300 }] });
    expect(onOpen).not.toHaveBeenCalled();
  });
});
