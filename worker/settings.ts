/**
 * The numbers the product runs by, in one place: the server enforces them and `GET /quotas/`
 * (issue 4) publishes them to clients.
 */
export const QUOTAS = {
  /** Largest upload, bytes. */
  uploadMaxBytes: 20 * 1024 * 1024,
  /** Longest message a user may send, characters. */
  messageMaxChars: 10_000,
  /** Requests a new user starts with. */
  startRequests: 10,
  /** Free requests renewed every day at 00:00 Moscow time. */
  freeDailyRequests: 5,
  /** Documents (pdf, doc, docx, txt) per message. */
  documentsPerMessage: 1,
  /** Images per message. */
  imagesPerMessage: 5,
  /** Characters of extracted document text given to the model per message (the rest is cut, with a note). */
  documentTextBudgetChars: 60_000,
  /** At or below this many requests left the balance turns amber and offers the plans (docs/billing.md "Balance"). */
  lowBalanceRequests: 3,
  /** Voice recordings per message. */
  audioPerMessage: 1,
  /** Largest voice recording, bytes (about 10 minutes of Opus at the browser's bitrate). */
  audioMaxBytes: 10 * 1024 * 1024,
  /** Longest voice recording, seconds: the recorder stops there, the server refuses longer ones it can measure. */
  audioMaxSeconds: 180,
  /** Minutes of recordings a user may have transcribed per Moscow day: speech-to-text is paid by the minute. */
  audioDailyMinutes: 30,
} as const;

/** Paged lists (the topic list, a topic's history): `?limit=` by default and at most (docs/scale.md "Pages"). */
export const PAGES = { defaultLimit: 50, maxLimit: 200 } as const;
/** The response header that carries the next page's cursor; absent on the last page. */
export const NEXT_CURSOR_HEADER = "X-Next-Cursor";

/** The id of a payment just made, beside its URL (`POST /payments/{planId}`): the page that opened it follows it. */
export const PAYMENT_ID_HEADER = "X-Payment-Id";

/** Assistant modes (docs/product.md §3) and the topic-list types they fall under. */
export const ASSISTANT_TYPES = ["explain_law", "gpt", "explain_estate", "explain_img"] as const;
export type AssistantType = (typeof ASSISTANT_TYPES)[number];
export const TOPIC_TYPES = ["law", "gpt", "estate", "all"] as const;
export type TopicType = (typeof TOPIC_TYPES)[number];
export const topicTypeOf = (assistantType: string): Exclude<TopicType, "all"> =>
  assistantType === "explain_law" ? "law" : assistantType === "explain_estate" ? "estate" : "gpt";
