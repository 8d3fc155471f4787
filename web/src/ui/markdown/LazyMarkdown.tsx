import { lazy, Suspense } from "react";
import "./markdown-plain.css";
import { RenderedReply } from "./RenderedReply";
import { renderedReply } from "./rendered-replies";
import type { MarkdownProps } from "./Markdown";

// The Markdown renderer (react-markdown, GFM, code highlighting) is a third of the chat page's
// JavaScript: it loads after the page shows (docs/scale.md "Smaller to load"), and until it is
// there a message shows its text as written.
let loaded: typeof import("./Markdown") | null = null;
const loadRenderer = () =>
  import("./Markdown").then((module) => {
    loaded = module;
    return module;
  });
const Rendered = lazy(async () => ({ default: (await loadRenderer()).Markdown }));

/** Starts loading the renderer early (a page that will show messages), so the text rarely shows plain. */
export const preloadMarkdown = () => void loadRenderer();

/**
 * The renderer, loaded: a page that must show its messages rendered from its first render (a
 * share page that came with them, the server's render of one) waits for it.
 */
export const loadMarkdown = (): Promise<unknown> => loadRenderer();

/**
 * A reply (or any Markdown) rendered; plain text for the moment the renderer takes to arrive. A reply
 * with marks (citations) is always rendered here: the server's static render has no live links.
 */
export function Markdown(props: MarkdownProps) {
  const { text, marks } = props;
  // Once loaded, rendered at once: a lazy component suspends on its first render even then.
  const rendered = marks?.length ? null : renderedReply(text);
  if (rendered !== null) return <RenderedReply html={rendered} />;
  if (loaded) return <loaded.Markdown {...props} />;
  return (
    <Suspense fallback={<div className="markdown markdown--plain">{text}</div>}>
      <Rendered {...props} />
    </Suspense>
  );
}
