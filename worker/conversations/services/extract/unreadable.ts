/** Why a document's text could not be read; the upload route answers 422 with the matching text. */
export type UnreadableReason = "encrypted" | "corrupt" | "empty";

export class UnreadableDocument extends Error {
  constructor(readonly reason: UnreadableReason) {
    super(`unreadable document: ${reason}`);
  }
}
