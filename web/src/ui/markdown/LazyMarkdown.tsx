import { lazy, Suspense } from "react";
import "./markdown-plain.css";

// The Markdown renderer (react-markdown, GFM, code highlighting) is a third of the chat page's
// JavaScript: it loads after the page shows (docs/scale.md "Smaller to load"), and until it is
// there a message shows its text as written.
const loadRenderer = () => import("./Markdown");
const Rendered = lazy(async () => ({ default: (await loadRenderer()).Markdown }));

/** Starts loading the renderer early (a page that will show messages), so the text rarely shows plain. */
export const preloadMarkdown = () => void loadRenderer();

/** A reply (or any Markdown) rendered; plain text for the moment the renderer takes to arrive. */
export function Markdown({ text }: { text: string }) {
  return (
    <Suspense fallback={<div className="markdown markdown--plain">{text}</div>}>
      <Rendered text={text} />
    </Suspense>
  );
}
