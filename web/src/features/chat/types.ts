import type { Attachment, Message } from "../../../../worker/conversations/schemas";
import type { Cited } from "../law/citations";

/**
 * What the message list shows: a Message of the Worker (docs/conversations.md) as it is, or one
 * made in the browser in the same shape, its fields taken from the Worker's types: the question
 * being sent (a local id, files previewed before the server has URLs for them) and notices of the
 * app (the one-document rule, an error) that the server never stores.
 */
export type AttachmentView = Pick<Attachment, "filename" | "content_type"> &
  Partial<Pick<Attachment, "mime_type" | "size">> & {
    id?: Attachment["id"] | string;
    /** Loads the bytes: the signed URL of the server, a share URL, or a local preview (blob:). */
    url?: Attachment["url"] | null;
  };

export type ChatMessage = Pick<Message, "role" | "text"> &
  Partial<Pick<Message, "state" | "model" | "created_at" | "feedback" | "masked" | "version" | "version_ids">> &
  Cited & {
    id?: Message["id"] | string;
    attachments?: AttachmentView[];
    /** A message of the app, not of the model, shown in the assistant's place (errors, rules). */
    notice?: "info" | "error";
    /** A notice that offers a way out: "upgrade" opens the subscription settings. */
    action?: "upgrade";
  };

/** The reply being streamed right now. */
export type StreamingReply = { text: string; model: string | null };
