import "./markdown.css";

// Replies the server already rendered with this app's renderer (a share page's HTML comes with its
// conversation, worker/conversations/routes/share-page.ts): their HTML by their text, taken from
// that screen before it goes. The page's first render shows them as they are instead of loading
// and running the renderer, its largest work at start (docs/scale.md "Smaller to load"). The HTML
// is the browser's own parse of what React's server renderer escaped, never text from elsewhere.
const renderedByText = new Map<string, string>();

type Reply = { id?: number | string | null; role: string; text: string; notice?: unknown };

/**
 * Keeps the server's render of each of these replies found on the screen; returns whether every
 * reply was kept (their code blocks' copy buttons are made live by RenderedReply).
 */
export function keepRenderedReplies(screen: Element, messages: readonly Reply[]): boolean {
  let all = true;
  for (const message of messages) {
    if (message.role !== "assistant" || message.notice) continue;
    const rendered = screen.querySelector(`[data-message-id="${Number(message.id)}"] > .markdown`);
    if (!rendered) {
      all = false;
      continue;
    }
    renderedByText.set(message.text, rendered.innerHTML);
  }
  return all;
}

/** The server's render of a reply with this text, if one was kept. */
export const renderedReply = (text: string): string | null => renderedByText.get(text) ?? null;
