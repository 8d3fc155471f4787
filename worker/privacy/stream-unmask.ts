import { unmaskText, type Vault } from "./vault";

// The model's reply arrives in pieces, and a placeholder may be cut between two of them
// («[ФИ» + «О 2]»). Everything is passed on at once except a tail that could still become one
// of the topic's placeholders; that tail waits for the next piece.

export class StreamUnmasker {
  private pending = "";
  private readonly placeholders: string[];

  constructor(private readonly vault: Vault) {
    this.placeholders = vault.entries.map((e) => e.placeholder);
  }

  /** The text ready to show after this piece. */
  push(piece: string): string {
    const text = this.pending + piece;
    const open = text.lastIndexOf("[");
    const tail = open < 0 ? "" : text.slice(open);
    const mayContinue = tail !== "" && this.placeholders.some((p) => p.length > tail.length && p.startsWith(tail));
    const ready = mayContinue ? text.slice(0, open) : text;
    this.pending = mayContinue ? tail : "";
    return unmaskText(ready, this.vault);
  }

  /** What was held back, when the reply ends. */
  flush(): string {
    const rest = this.pending;
    this.pending = "";
    return unmaskText(rest, this.vault);
  }
}

/** A stream of reply text with the vault's placeholders turned back into values. */
export function unmaskingStream(vault: Vault): TransformStream<string, string> {
  const unmasker = new StreamUnmasker(vault);
  return new TransformStream({
    transform(piece, controller) {
      const ready = unmasker.push(piece);
      if (ready) controller.enqueue(ready);
    },
    flush(controller) {
      const rest = unmasker.flush();
      if (rest) controller.enqueue(rest);
    },
  });
}
