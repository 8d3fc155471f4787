import { markOutOfBandWrite } from "./d1-bookmark";

/**
 * Reading the assistant's streamed replies: `text/plain; charset=utf-8` bodies flushed chunk by
 * chunk (docs/conversations.md, "Streams").
 */

/**
 * Hands each piece of a streamed body to `onText` as soon as it arrives, decoding UTF-8 across
 * chunk boundaries (a Cyrillic letter's two bytes may come in two chunks). Resolves when the body
 * ends; rejects when the connection breaks; `signal` stops reading (the server's reply goes on).
 */
export async function readTextStream(
  body: ReadableStream<Uint8Array>,
  onText: (text: string) => void,
  signal?: AbortSignal,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder("utf-8");
  const cancel = () => void reader.cancel().catch(() => undefined);
  if (signal?.aborted) return cancel();
  signal?.addEventListener("abort", cancel, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (signal?.aborted) return;
      if (done) break;
      const text = decoder.decode(value, { stream: true });
      if (text) onText(text);
    }
    const rest = decoder.decode();
    if (rest) onText(rest);
  } finally {
    signal?.removeEventListener("abort", cancel);
    reader.releaseLock();
    // The topic's object saved the reply before ending the stream, long after this answer's bookmark.
    markOutOfBandWrite();
  }
}

const MARKER = "topic_id:";

/**
 * A new topic's stream starts with the line `topic_id: <id>`: this takes it off the text shown to
 * the user and keeps the id, however the line is split across chunks. Feed it every chunk with
 * `push` (it returns the text to show, holding back what may still be the marker) and `end` at the
 * end of the stream.
 */
export class TopicIdMarker {
  topicId: string | null = null;
  private pending = "";
  private decided = false;

  push(chunk: string): string {
    if (this.decided) return chunk;
    this.pending += chunk;
    if (this.pending.startsWith(MARKER)) {
      const newline = this.pending.indexOf("\n");
      if (newline === -1) return "";
      this.take(this.pending.slice(MARKER.length, newline));
      return this.release(this.pending.slice(newline + 1));
    }
    // Still a beginning of "topic_id:": wait for more.
    if (MARKER.startsWith(this.pending)) return "";
    return this.release(this.pending);
  }

  /** The stream ended: whatever was held back (a marker line without its newline is still the marker). */
  end(): string {
    if (this.decided) return "";
    if (this.pending.startsWith(MARKER)) {
      this.take(this.pending.slice(MARKER.length));
      return this.release("");
    }
    return this.release(this.pending);
  }

  private take(raw: string) {
    const id = raw.trim();
    if (id) this.topicId = id;
  }

  private release(text: string): string {
    this.decided = true;
    this.pending = "";
    return text;
  }
}
