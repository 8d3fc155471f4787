import type { SVGProps } from "react";

// Radix's icon set has no thumbs; drawn on its 15×15 grid so they sit with the others. Emoji were
// used before, and a system without an emoji font showed empty boxes.
const THUMB_UP =
  "M4.5 6.5L7 1.5C7.83 1.5 8.5 2.17 8.5 3V5.5H12C12.6 5.5 13.06 6.04 12.97 6.64L12.22 11.64C12.15 12.13 " +
  "11.73 12.5 11.23 12.5H4.5M4.5 6.5V12.5M4.5 6.5H2.5C1.95 6.5 1.5 6.95 1.5 7.5V11.5C1.5 12.05 1.95 12.5 " +
  "2.5 12.5H4.5";

export function ThumbUpIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg width="15" height="15" viewBox="0 0 15 15" fill="none" aria-hidden="true" {...props}>
      <path d={THUMB_UP} stroke="currentColor" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}

/** The same thumb turned down (mirrored top to bottom). */
export function ThumbDownIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg width="15" height="15" viewBox="0 0 15 15" fill="none" aria-hidden="true" {...props}>
      <path
        d={THUMB_UP}
        transform="matrix(1 0 0 -1 0 15)"
        stroke="currentColor"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}
