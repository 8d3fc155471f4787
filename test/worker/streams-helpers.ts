import { env } from "cloudflare:test";
import { expect } from "vitest";
import { authHeaders, call, registerUser } from "./helpers";

export type Account = Awaited<ReturnType<typeof registerUser>>;

/** A new user, signed in, with the start pack, who has accepted the terms of the law and real-estate modes. */
export async function newAccount() {
  const account = await registerUser();
  await acceptTerms(account, "explain_law", "explain_estate");
  return account;
}

/** `POST /disclaimers/{mode}/accept` for each mode, as the web app's dialog does. */
export async function acceptTerms(account: Account, ...assistantTypes: string[]): Promise<void> {
  for (const type of assistantTypes) {
    const res = await call(`/disclaimers/${type}/accept`, { method: "POST", headers: authHeaders(account.record) });
    expect(res.status).toBe(200);
  }
}

/** `POST /topics/start/stream/` as the web app sends it. */
export const startTopic = (
  account: Account,
  text: string,
  options: { assistantType?: string; attachments?: number[] } = {},
) =>
  call("/topics/start/stream/", {
    headers: authHeaders(account.record),
    json: {
      message: { text, attachments: options.attachments ?? [] },
      assistant_type: options.assistantType ?? "explain_law",
    },
  });

/** `POST /topics/{id}/message/stream/`. */
export const sendMessage = (account: Account, topicId: number, text: string, attachments?: number[]) =>
  call(`/topics/${topicId}/message/stream/`, {
    headers: authHeaders(account.record),
    json: { text, ...(attachments && { attachments }) },
  });

/** `GET /topics/{id}/stream/`: the reply in flight. */
export const resumeStream = (account: Account, topicId: number) =>
  call(`/topics/${topicId}/stream/`, { headers: authHeaders(account.record) });

/** Reads a streamed body piece by piece, as the web app does (UTF-8 decoded across chunk boundaries). */
export class StreamReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  /** Everything read so far. */
  text = "";
  /** The pieces as they arrived. */
  readonly pieces: string[] = [];
  done = false;

  constructor(res: Response) {
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    this.reader = res.body!.getReader();
  }

  /** The next piece ("" at the end). */
  async next(): Promise<string> {
    const { done, value } = await this.reader.read();
    if (done) {
      this.done = true;
      return "";
    }
    const piece = this.decoder.decode(value, { stream: true });
    this.pieces.push(piece);
    this.text += piece;
    return piece;
  }

  /** Reads until the text so far satisfies `test`; fails if the stream ends first. */
  async until(test: (text: string) => boolean): Promise<string> {
    while (!test(this.text)) {
      await this.next();
      if (this.done) throw new Error(`the stream ended before the expected text; got ${JSON.stringify(this.text)}`);
    }
    return this.text;
  }

  async rest(): Promise<string> {
    while (!this.done) await this.next();
    return this.text;
  }

  /** Hangs up, as a closed browser tab does. */
  cancel(): Promise<void> {
    return this.reader.cancel();
  }
}

/** Splits a new topic's stream into its id and the reply. */
export function splitTopicLine(text: string): { topicId: number; reply: string } {
  const match = text.match(/^topic_id: (\d+)\n/);
  expect(match, `no topic_id line in ${JSON.stringify(text.slice(0, 80))}`).not.toBeNull();
  return { topicId: Number(match![1]), reply: text.slice(match![0].length) };
}

export type SavedMessage = { id: number; role: string; text: string; state: string; model: string | null };

/** The topic's messages as the history shards hold them, oldest first (in every shard: the topic may be deleted). */
export async function savedMessages(topicId: number): Promise<SavedMessage[]> {
  const found: SavedMessage[] = [];
  for (const db of [env.HISTORY_0, env.HISTORY_1!, env.HISTORY_2]) {
    const { results } = await db
      .prepare("SELECT id, role, text, state, model FROM messages WHERE topic_id = ? ORDER BY id")
      .bind(topicId)
      .all<SavedMessage>();
    found.push(...results);
  }
  return found;
}

/** `GET /limits/` → available_requests. */
export async function availableRequests(account: Account): Promise<number> {
  const res = await call("/limits/", { headers: authHeaders(account.record) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { available_requests: number }).available_requests;
}

/** Sets the user's only limit row to `n` requests left. */
export async function setRequestsLeft(account: Account, n: number): Promise<void> {
  await env.DB.prepare("UPDATE limits SET available_requests = ? WHERE user_id = ?").bind(n, account.userId).run();
}
