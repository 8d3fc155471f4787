import { CopyButton } from "../CopyButton";
import { chatTexts } from "../texts/chat";

/**
 * A code block's copy button, first in its `.markdown__code` (Markdown.tsx, and RenderedReply.tsx on the server's
 * render).
 */
export const CODE_COPY_CLASS = "markdown__code-copy";

/** What the button copies: the block's text without the fence's last newline. */
const codeToCopy = (text: string) => text.replace(/\n$/, "");

export function CodeCopyButton({ text }: { text: string }) {
  return <CopyButton text={codeToCopy(text)} label={chatTexts.copyCode} className={CODE_COPY_CLASS} />;
}
