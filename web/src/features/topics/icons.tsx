import type { SVGProps } from "react";

// Radix's icon set has no folder; drawn on its 15×15 grid so it sits with the others.
export function FolderIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg width="15" height="15" viewBox="0 0 15 15" fill="none" aria-hidden="true" {...props}>
      <path
        d={
          "M1.5 3.5C1.5 2.95 1.95 2.5 2.5 2.5H5.6L7 4H12.5C13.05 4 13.5 4.45 13.5 5V11.5C13.5 12.05 13.05 12.5 " +
          "12.5 12.5H2.5C1.95 12.5 1.5 12.05 1.5 11.5V3.5Z"
        }
        stroke="currentColor"
        strokeLinejoin="round"
      />
    </svg>
  );
}
