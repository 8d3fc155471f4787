import { z } from "zod";
import { citationSchema } from "../law/schemas";
import { PRIVATE_KINDS } from "../privacy/kinds";

// The shapes the conversations API answers with (docs/conversations.md), declared once: the
// serializers return them, the OpenAPI document names them (`.meta({ id })`) and the web app
// infers them. Strict: a field added or dropped on one side only fails the response tests.

const isoTime = z.iso.datetime();

export const topicSchema = z
  .strictObject({
    id: z.int(),
    topic_name: z.string().nullable(),
    assistant_type: z.string(),
    status: z.enum(["active", "archived"]),
    folder_id: z.int().nullable(),
    pinned: z.boolean(),
    share_hash: z.string().nullable(),
    created_at: isoTime,
    updated_at: isoTime,
  })
  .meta({ id: "Topic" });
export type Topic = z.infer<typeof topicSchema>;

/**
 * `GET /topics/search`: one chat name or message that holds the words; `message_id` null for a
 * name; `snippet` HTML-escaped text with the matching words in `<mark>…</mark>`.
 */
export const searchHitSchema = z
  .strictObject({
    topic_id: z.int(),
    topic_name: z.string().nullable(),
    assistant_type: z.string(),
    status: z.enum(["active", "archived"]),
    message_id: z.int().nullable(),
    snippet: z.string(),
    words: z.array(z.string()).meta({
      description:
        "Слова текста попадания, которые нашёл запрос (в нижнем регистре, ё как е): их подсвечивает приложение",
    }),
    created_at: isoTime,
  })
  .meta({ id: "SearchHit" });
export type SearchHit = z.infer<typeof searchHitSchema>;

/** One day of the topic list (`date` "YYYY-MM-DD" in the caller's zone), or the pinned group (`date: null`). */
export const topicGroupSchema = z
  .strictObject({ date: z.string().nullable(), topics: z.array(topicSchema) })
  .meta({ id: "TopicGroup" });
export type TopicGroup = z.infer<typeof topicGroupSchema>;

export const folderSchema = z
  .strictObject({
    id: z.int(),
    name: z.string(),
    assistant_type: z.string(),
    created_at: isoTime,
  })
  .meta({ id: "Folder" });
export type Folder = z.infer<typeof folderSchema>;

/** `url`: a signed link for the owner, the share link in a shared history. */
export const attachmentSchema = z
  .strictObject({
    id: z.int(),
    filename: z.string(),
    content_type: z.enum(["image", "document", "audio"]),
    mime_type: z.string(),
    size: z.int(),
    url: z.string(),
  })
  .meta({ id: "Attachment" });
export type Attachment = z.infer<typeof attachmentSchema>;

/** A message as a share link's readers see it. */
export const sharedMessageSchema = z
  .strictObject({
    id: z.int(),
    role: z.enum(["user", "assistant"]),
    text: z.string(),
    state: z.enum(["complete", "partial"]),
    model: z.string().nullable(),
    created_at: isoTime,
    attachments: z.array(attachmentSchema),
    // The law the reply cites, resolved when it was saved (docs/law.md "Every citation checked"): [] for a
    // question or a reply that cites none; `citations_date` the date they were resolved at, null when none.
    citations: z.array(citationSchema),
    citations_date: z.iso.date().nullable(),
  })
  .meta({ id: "SharedMessage" });
export type SharedMessage = z.infer<typeof sharedMessageSchema>;

/**
 * A message as its topic's owner sees it: with their 👍/👎 on a reply (`feedback`, null when none), what the privacy
 * guard hid in a question (`masked`), and which of its versions it is (docs/conversations.md "Versions").
 */
export const messageSchema = sharedMessageSchema
  .extend({
    feedback: z.enum(["up", "down"]).nullable(),
    // What the privacy guard hid from the model in a question (docs/privacy.md); [] when nothing.
    masked: z.array(z.strictObject({ kind: z.enum(PRIVATE_KINDS), count: z.int().min(1) })),
    version: z.int().min(1),
    version_ids: z.array(z.int()).min(1),
  })
  .meta({ id: "Message" });
export type Message = z.infer<typeof messageSchema>;

/** `GET /share/topic/history/{hash}`: what anyone with the link sees. */
export const sharedHistorySchema = z
  .strictObject({
    topic_name: z.string().nullable(),
    assistant_type: z.string(),
    messages: z.array(sharedMessageSchema),
  })
  .meta({ id: "SharedHistory" });
export type SharedHistory = z.infer<typeof sharedHistorySchema>;

/** `POST /topics/{id}/share`. */
export const shareLinkSchema = z
  .strictObject({
    hash: z.string(),
    // When the link stops working (null: never), and whether its readers see the values the privacy guard hid.
    expires_at: isoTime.nullable(),
    reveal: z.boolean(),
  })
  .meta({ id: "ShareLink" });
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** `POST /attachments/upload`: the stored file, to send with a message by `attachment_id`. */
export const uploadSchema = z
  .strictObject({
    attachment_id: z.int(),
    filename: z.string(),
    content_type: z.enum(["image", "document", "audio"]),
    mime_type: z.string(),
    size: z.int(),
    url: z.string(),
  })
  .meta({ id: "Upload" });
export type Upload = z.infer<typeof uploadSchema>;

/** `POST /attachments/{id}/transcribe`: what a voice recording says; `demo` when the stand-in transcriber answered. */
export const transcriptSchema = z.strictObject({ text: z.string(), demo: z.boolean() }).meta({ id: "Transcript" });

/** `POST /topics/{id}/messages/{messageId}/feedback`: the caller's rating of a reply. */
export const feedbackSchema = z
  .strictObject({
    message_id: z.int(),
    rating: z.enum(["up", "down"]),
    comment: z.string().nullable(),
    updated_at: isoTime,
  })
  .meta({ id: "Feedback" });
export type Feedback = z.infer<typeof feedbackSchema>;

/** `GET /privacy/settings`: whether the privacy guard hides personal data from the model in a mode. */
export const privacySettingSchema = z
  .strictObject({ assistant_type: z.string(), enabled: z.boolean() })
  .meta({ id: "PrivacySetting" });
