import type { CSSProperties } from "react";

export type Side = "top" | "right" | "bottom" | "left";

type Size = { width: number; height: number };
type Rect = { top: number; left: number; right: number; bottom: number; width: number; height: number };

/** Radix Themes' tooltip: 4 px from its trigger plus the 5 px arrow, and 10 px from the window's edges. */
const OFFSET = 9;
const PADDING = 10;
const OPPOSITE: Record<Side, Side> = { top: "bottom", bottom: "top", left: "right", right: "left" };

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(value, max));

function fits(side: Side, anchor: Rect, bubble: Size, view: Size): boolean {
  if (side === "top") return anchor.top - OFFSET - bubble.height >= PADDING;
  if (side === "bottom") return anchor.bottom + OFFSET + bubble.height <= view.height - PADDING;
  if (side === "left") return anchor.left - OFFSET - bubble.width >= PADDING;
  return anchor.right + OFFSET + bubble.width <= view.width - PADDING;
}

/**
 * Where a tip goes beside its trigger: on the side asked for, or the opposite one when it does not
 * fit there; centred on the trigger and kept inside the window; the arrow points at the trigger's
 * centre wherever the tip was moved to.
 */
export function placeHint(
  anchor: Rect,
  bubble: Size,
  wanted: Side,
  view: Size,
): { side: Side; left: number; top: number; arrow: CSSProperties } {
  const side =
    fits(wanted, anchor, bubble, view) || !fits(OPPOSITE[wanted], anchor, bubble, view) ? wanted : OPPOSITE[wanted];
  const vertical = side === "top" || side === "bottom";
  if (vertical) {
    const left = clamp(anchor.left + anchor.width / 2 - bubble.width / 2, PADDING, view.width - PADDING - bubble.width);
    const top = side === "top" ? anchor.top - OFFSET - bubble.height : anchor.bottom + OFFSET;
    const arrowLeft = clamp(anchor.left + anchor.width / 2 - left - 5, 4, bubble.width - 14);
    return {
      side,
      left,
      top,
      arrow: {
        position: "absolute",
        left: arrowLeft,
        ...(side === "top" ? { top: "100%" } : { bottom: "100%", rotate: "180deg" }),
      },
    };
  }
  const top = clamp(anchor.top + anchor.height / 2 - bubble.height / 2, PADDING, view.height - PADDING - bubble.height);
  const left = side === "left" ? anchor.left - OFFSET - bubble.width : anchor.right + OFFSET;
  const arrowTop = clamp(anchor.top + anchor.height / 2 - top - 2.5, 4, bubble.height - 9);
  // The arrow drawn pointing down, turned to point at the trigger on the left or right.
  return {
    side,
    left,
    top,
    arrow: {
      position: "absolute",
      top: arrowTop,
      ...(side === "left"
        ? { left: "100%", rotate: "-90deg", translate: "-2.5px 0" }
        : { right: "100%", rotate: "90deg", translate: "2.5px 0" }),
    },
  };
}
