import type { Citation } from "../law/schemas";
import type { BotEnv } from "./env";

/** The internal API's answer when it is not OK: its status and the `detail` it gave. */
export class InternalApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(`internal API ${status}: ${detail}`);
  }
}

/** One call of the internal API through the API service binding, with the internal token. */
const callApi = (env: BotEnv, method: string, path: string, body?: unknown) =>
  env.API.fetch(`https://api.internal/internal/api/v2${path}`, {
    method,
    headers: {
      "internal-token": env.INTERNAL_TOKEN ?? "",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** The call's JSON answer (null for a 204), or its refusal as an InternalApiError. */
async function jsonOf<T>(env: BotEnv, method: string, path: string, body?: unknown): Promise<T> {
  const res = await callApi(env, method, path, body);
  if (!res.ok) throw await errorOf(res);
  return (res.status === 204 ? null : await res.json()) as T;
}

/** The internal API of the API Worker, through the API service binding, as one Telegram user (`tg/<id>`). */
export function internalApi(env: BotEnv, telegramId: number) {
  const who = `tg/${telegramId}`;
  const call = (method: string, path: string, body?: unknown) => callApi(env, method, path, body);
  const json = <T>(method: string, path: string, body?: unknown) => jsonOf<T>(env, method, path, body);
  return {
    ensureUser: (name: string, username?: string) => json("POST", `/users/${who}`, { name, username }),
    /** The user as the API knows them now: `email` is the linked account's, null for a bot-made one. */
    user: () => json<{ email: string | null }>("GET", `/users/${who}`),
    /** A one-time link that joins this Telegram to the account signed in where it is opened (docs/telegram.md). */
    linkToken: () => json<{ url: string; expires_at: string }>("POST", `/users/${who}/link-token`),
    utm: (tags: Record<string, string>) => json("POST", `/utm/${who}`, tags),
    signal: (kind: string, payload?: unknown) => json("POST", `/signals/${who}`, { kind, payload }),
    limits: () => json<Limits>("GET", `/limits/${who}`),
    disclaimers: () => json<Disclaimer[]>("GET", `/disclaimers/${who}`),
    accept: (mode: string) => json("POST", `/disclaimers/${who}/${mode}/accept`),
    plans: () => json<Plan[]>("GET", "/plans"),
    /** The payment page's link for a plan; `email` for the receipt when the account has none (else 422). */
    pay: (planId: number, email?: string) =>
      json<{ url: string }>("POST", `/payments/${who}/${planId}`, email ? { email } : {}),
    promo: (code: string) => json<Limits>("POST", `/promos/${who}/${encodeURIComponent(code)}`),
    topics: () => json<TopicGroup[]>("GET", `/topics/${who}?status=active&type=all`),
    /** A file as the web uploads it (multipart `file`): the attachment's id for the question. */
    upload: async (bytes: Uint8Array<ArrayBuffer>, filename: string, type: string) => {
      const form = new FormData();
      form.append("file", new File([bytes], filename, { type }));
      const res = await env.API.fetch(`https://api.internal/internal/api/v2/attachments/${who}`, {
        method: "POST",
        headers: { "internal-token": env.INTERNAL_TOKEN ?? "" },
        body: form,
      });
      if (!res.ok) throw await errorOf(res);
      return ((await res.json()) as { attachment_id: number }).attachment_id;
    },
    /** A voice recording's transcript, by the product's speech to text. */
    transcribe: (attachmentId: number) =>
      json<{ text: string }>("POST", `/attachments/${who}/${attachmentId}/transcribe`),
    /** The reply as it streams (`text/plain`), or the refusal as an InternalApiError. */
    ask: async (topicId: number, text: string, mode: string, attachments: number[] = []) => {
      const body = { text, assistant_type: mode, stream: true, ...(attachments.length ? { attachments } : {}) };
      const res = await call("POST", `/messages/${who}/${topicId}`, body);
      if (!res.ok || !res.body) throw await errorOf(res);
      return res;
    },
    /** The topic's last saved reply whole, with its citations: a streamed reply's, once the stream has closed. */
    lastReply: (topicId: number) => json<BotReply>("GET", `/messages/${who}/${topicId}/last`),
  };
}

export type InternalApi = ReturnType<typeof internalApi>;

/** The admin notices waiting for Telegram's chats (docs/telegram.md "Admin notices in the chat"). */
export function noticeQueue(env: BotEnv) {
  return {
    /** The next `limit` notices to send, each given out once. */
    claim: (limit: number) => jsonOf<ClaimedNotice[]>(env, "POST", "/notices/tg/claim", { limit }),
    /** What became of them: `blocked` also records the «block» signal; `retry` puts one back in the queue. */
    report: (results: NoticeResult[]) => jsonOf<null>(env, "POST", "/notices/tg/results", { results }),
  };
}

export type ClaimedNotice = {
  notification_id: number;
  user_id: number;
  external_id: string;
  title: string;
  text: string;
};
export type NoticeResult = {
  notification_id: number;
  user_id: number;
  outcome: "sent" | "blocked" | "failed" | "retry";
};

async function errorOf(res: Response): Promise<InternalApiError> {
  const body = (await res.json().catch(() => null)) as { detail?: unknown } | null;
  // A validator's 422 is a list of {msg}: its first sentence is the one to show.
  const first = Array.isArray(body?.detail) ? (body.detail[0] as { msg?: unknown } | undefined)?.msg : body?.detail;
  const detail = typeof first === "string" ? first : "";
  return new InternalApiError(res.status, detail);
}

export type Limits = {
  available_requests: number;
  is_unlimited: boolean;
  pool: { company_name: string; available_requests: number; is_unlimited: boolean } | null;
};
export type Disclaimer = { assistant_type: string; text: string; version: number; accepted: boolean };
export type TopicGroup = {
  date: string | null;
  topics: { id: number; topic_name: string | null; assistant_type?: string }[];
};
export type Plan = {
  id: number;
  name: string;
  price: number;
  day_gap: number;
  requests_limit: number;
  is_unlimited: boolean;
};
export type BotReply = {
  topic_id: number;
  text: string;
  state: "complete" | "partial";
  citations: Citation[];
  citations_date: string | null;
};
