import { ChatBubbleIcon, HomeIcon, ImageIcon } from "@radix-ui/react-icons";

// Radix's set has no scales; drawn on its 15×15 grid for the law mode.
function ScalesIcon(props: { width?: number; height?: number }) {
  return (
    <svg viewBox="0 0 15 15" fill="none" aria-hidden="true" {...props}>
      <path
        d={
          "M7.5 1.5V13.5M4 13.5H11M2.5 4H12.5M2.5 4L0.75 8.5C0.75 9.6 1.5 10.25 2.5 10.25C3.5 10.25 4.25 9.6 4.25 " +
          "8.5L2.5 4ZM12.5 4L10.75 8.5C10.75 9.6 11.5 10.25 12.5 10.25C13.5 10.25 14.25 9.6 14.25 8.5L12.5 4Z"
        }
        stroke="currentColor"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** One icon per mode: law, general chat, real estate, images. */
export function ModeIcon({ mode, size = 22 }: { mode: string; size?: number }) {
  const props = { width: size, height: size };
  switch (mode) {
    case "explain_law":
      return <ScalesIcon {...props} />;
    case "explain_estate":
      return <HomeIcon {...props} />;
    case "explain_img":
      return <ImageIcon {...props} />;
    default:
      return <ChatBubbleIcon {...props} />;
  }
}
