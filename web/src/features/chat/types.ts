/**
 * What the message list shows. A server Message of docs/conversations.md fits as is; messages made
 * in the browser (the one being sent, notices like the one-document rule) use the same shape.
 */
export type AttachmentView = {
  id?: number | string;
  filename: string;
  content_type: "image" | "document";
  mime_type?: string;
  size?: number;
  /** Loads the bytes: the signed URL of the server, a share URL, or a local preview (blob:). */
  url?: string | null;
};

export type ChatMessage = {
  id?: number | string;
  role: "user" | "assistant";
  text: string;
  /** "partial": a reply cut short by a model failure or by Stop. */
  state?: "complete" | "partial";
  /** The model that answered (assistant replies). */
  model?: string | null;
  created_at?: string;
  attachments?: AttachmentView[];
  /** A message of the app, not of the model, shown in the assistant's place (errors, rules). */
  notice?: "info" | "error";
  /** A notice that offers a way out: "upgrade" opens the subscription settings. */
  action?: "upgrade";
};

/** The reply being streamed right now. */
export type StreamingReply = { text: string; model: string | null };
