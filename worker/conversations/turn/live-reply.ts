import { emptyVault, StreamUnmasker, type Vault } from "../../privacy";
import type { ReportedUsage } from "./turn-state";

const encoder = new TextEncoder();

/**
 * A reply as it streams, in the topic's object's memory: its chunks so far, and its readers (the
 * sender from the start, anyone who joins later). Each reader gets the text so far, then every later
 * chunk, once and in order, with the values the privacy guard hid put back (docs/privacy.md); the
 * model's text, stored and saved, keeps its placeholders.
 */
export class LiveReply {
  readonly abort = new AbortController();
  /** Stopped by the user: what was said is saved as `partial`, not as a failure. */
  stopped = false;
  /** The reply ended without a word: the request was given back. */
  failedEarly = false;
  /** The new question could not be written: the model was stopped, the request given back. */
  unsaved = false;
  /** The X-D1-Bookmark of the question's write, for the sender's answer (docs/scale.md "Read replicas"). */
  bookmarks?: string;
  /** The model's count of tokens, from its finish (none when it was stopped or broke off). */
  usage?: ReportedUsage;
  /** Settles when the model's run has ended and the reply is saved. */
  done: Promise<void> = Promise.resolve();
  /** Settles at the first chunk or when the reply ends, whichever comes first. */
  readonly firstEvent: Promise<void>;
  private settleFirst!: () => void;
  private readonly chunks: string[];
  private readonly readers = new Map<ReadableStreamDefaultController<Uint8Array>, StreamUnmasker>();

  constructor(
    /** The model's id, for the X-Model of each reader's answer. */
    readonly model: string,
    private readonly vault: Vault | null,
    seed?: string,
  ) {
    this.chunks = seed ? [seed] : [];
    this.firstEvent = new Promise<void>((resolve) => (this.settleFirst = resolve));
  }

  get text(): string {
    return this.chunks.join("");
  }

  /**
   * A new reader, its stream opened by `firstLine` if one is given. Synchronous, so no chunk slips in between the
   * text so far and the rest.
   */
  attach(firstLine?: string): ReadableStream<Uint8Array> {
    let reader!: ReadableStreamDefaultController<Uint8Array>;
    return new ReadableStream<Uint8Array>({
      start: (controller) => {
        reader = controller;
        if (firstLine) controller.enqueue(encoder.encode(firstLine));
        const unmasker = new StreamUnmasker(this.vault ?? emptyVault());
        const soFar = unmasker.push(this.text);
        if (soFar) controller.enqueue(encoder.encode(soFar));
        this.readers.set(controller, unmasker);
      },
      cancel: () => {
        this.readers.delete(reader);
      },
    });
  }

  /** A chunk from the model, to every reader; answers its number (1 for the first, a continuation's seed counted). */
  append(text: string): number {
    this.chunks.push(text);
    for (const [reader, unmasker] of this.readers) {
      const shown = unmasker.push(text);
      if (shown) reader.enqueue(encoder.encode(shown));
    }
    this.settleFirst();
    return this.chunks.length;
  }

  /** Ends every reader: with an error if the reply broke off after it said something (`failedMidway`). */
  end(failedMidway: string | null): void {
    for (const [reader, unmasker] of this.readers) {
      try {
        const rest = unmasker.flush();
        if (rest) reader.enqueue(encoder.encode(rest));
        if (failedMidway && !this.failedEarly) reader.error(new Error(failedMidway));
        else reader.close();
      } catch {
        // The reader went away meanwhile.
      }
    }
    this.readers.clear();
    this.settleFirst();
  }
}
