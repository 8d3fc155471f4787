import { streamText } from "ai";
import { DurableObject } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { CHARS_PER_TOKEN, loadAskPrompt, loadPrompt, type ComposedPrompt } from "./prompt";
import { continuationTurns } from "../../ai/prompts";
import { aiSettings, languageModel, type ModelChoice } from "../../ai/providers";
import { getDb } from "../../db/client";
import { shardDb } from "../../db/history";
import { openReplicaReads } from "../../db/replica-reads";
import { topics } from "../../db/schema";
import type { Env } from "../../env";
import { refundRequest, type Charge } from "../../billing/services/limits";
import { saveAssistantMessage, saveContinuedReply, saveUserMessage, type MessageState } from "../services/messages";
import { setLeaf } from "../services/branches";
import type { Answering, Ask } from "../services/questions";
import { findProduct, type ProductRow } from "../../billing/services/products";
import { purgeSharedTopic } from "../services/share";
import { openedVault } from "../services/vaults";
import { emptyVault, StreamUnmasker, type Vault } from "../../privacy";
import { deleteTopicHistory } from "../services/topics";
import { deleteAttachmentObjects } from "../services/attachments";

/**
 * What the Worker hands the session to answer, the request taken: a new question to write beside
 * the model call (`ask`), or the question already saved (an edit) or chosen (another reply, a continuation).
 */
export type ReplyJob = Answering & {
  topicId: number;
  /** The topic's name so far: a first question names a topic that has none. */
  topicName: string | null;
  /** The topic's owner and the history shard their chats are in (docs/scale.md "History shards"). */
  userId: number;
  shard: number;
  assistantType: string;
  /** The mode as the send read it, so the session need not read it again before calling the model. */
  product?: ProductRow;
  model: ModelChoice;
  charge: Charge;
};

export const REPLY_TEXTS = {
  busy: "Дождитесь окончания ответа",
  failedBeforeFirstToken: "Модель не ответила. Запрос возвращён, попробуйте ещё раз",
  failedMidway: "Ответ модели прервался: сохранено то, что она успела написать",
  interrupted: "Ответ прервался: обновите чат, чтобы увидеть сохранённую часть",
} as const;

/** What `start` and `stream` hand back: the live reply from its first chunk, or why there is none. */
export type ReplyStream =
  /** `bookmarks`: the X-D1-Bookmark of the new question's write, for the sender's answer (docs/scale.md "Read replicas"). */
  | { kind: "streaming"; model: string; body: ReadableStream<Uint8Array>; bookmarks?: string }
  /** The reservation lapsed and another send holds the topic. */
  | { kind: "busy" }
  /** The reply ended without a word; the request was given back. */
  | { kind: "failed" }
  /** The new question could not be written: the model was stopped, the request given back. */
  | { kind: "unsaved" }
  /** Nothing is being generated. */
  | { kind: "idle" };

/** The session of a topic: the one it was started with (`session_id`), else the one named by its id. */
export const topicObject = (env: Env, topic: { id: number; sessionId: string | null }) =>
  env.TOPIC_OBJECT.get(topic.sessionId ? env.TOPIC_OBJECT.idFromString(topic.sessionId) : env.TOPIC_OBJECT.idFromName(String(topic.id)));

export type TopicObjectStub = ReturnType<typeof topicObject>;

/** A reservation not followed by `start` within this time (the Worker died in between) lapses. */
const RESERVATION_TTL_MS = 30_000;
/** While a reply runs an alarm fires this often: it keeps the object alive and recovers after a restart. */
const HEARTBEAT_MS = 30_000;
/** Saving a finished reply to D1 is retried this many times before it is given up. */
const SAVE_ATTEMPTS = 10;
/** The model must send something at least this often, and finish within the total. */
const MODEL_TIMEOUT = { chunkMs: 90_000, totalMs: 10 * 60_000 };

type Live = {
  job: ReplyJob;
  abort: AbortController;
  stopped: boolean;
  chunks: string[];
  /** Each reader and what puts the hidden values back into what it is sent (docs/privacy.md). */
  readers: Map<ReadableStreamDefaultController<Uint8Array>, StreamUnmasker>;
  /** The topic's privacy vault, if anything in it was hidden from the model. */
  vault: Vault | null;
  /** Settles at the first chunk or when the reply ends, whichever comes first. */
  firstEvent: Promise<void>;
  settleFirst: () => void;
  /** The reply ended without a word: the request was given back. */
  failedEarly: boolean;
  /** The question's id once it is in the history shard; null if writing it failed. */
  asked: Promise<number | null>;
  /** The bookmarks of the question's write ("" when the session wrote none). */
  bookmarks: string;
  done: Promise<void>;
};

const encoder = new TextEncoder();

/**
 * The job as kept for a restart, without the question in hand: a restart before it is written gives
 * the request back, and it holds the user's own words and possibly long documents (docs/privacy.md).
 */
const storedJob = (job: ReplyJob): ReplyJob => ({ ...job, ask: undefined });

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Whether the model added anything to what the reply held when it began (nothing, or a cut reply's text). */
const saidAnything = (job: ReplyJob, text: string) => text.length > (job.continues?.text.length ?? 0);

const topicGone = async (env: Env, topicId: number) => !(await getDb(env.DB).select({ id: topics.id }).from(topics).where(eq(topics.id, topicId)).get());

/** The failure for the logs, without the request it carries (the user's text stays out of logs). */
function describeFailure(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const status = (err as { statusCode?: number }).statusCode;
  const cause = err.cause instanceof Error ? ` (${err.cause.message})` : "";
  return `${err.name}${status ? ` ${status}` : ""}: ${err.message}${cause}`;
}

/**
 * One per topic (`topicObject`), the owner of its live reply (docs/ai.md): it writes a new
 * question while it calls the model (a failed write stops the model and gives the request back),
 * keeps every chunk in its own SQLite storage as it comes, fans chunks out to every reader (a
 * reader who joins late gets the text so far, then the rest live: each chunk once, in order),
 * keeps going when readers leave, and writes the reply to D1 when it ends (marked
 * `partial` if the model failed midway or was stopped; nothing, and the request given back, if it
 * failed before its first token). If the object restarts mid-reply, the next start (or the
 * heartbeat alarm) saves what was stored as a partial reply.
 *
 * Reached by RPC only: `reserve()` / `release(token)` / `start(token, job)` / `stream()` / `stop()`.
 */
export class TopicObject extends DurableObject<Env> {
  private live: Live | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS chunks (seq INTEGER PRIMARY KEY, text TEXT NOT NULL)");
      // A job in storage at start-up belongs to an instance that died mid-reply.
      if (ctx.storage.kv.get("job")) await this.recover();
    });
  }

  /** Holds the topic for one send; null when a reply is in flight or another send holds it. */
  async reserve(): Promise<string | null> {
    if (this.busy()) return null;
    const token = crypto.randomUUID();
    this.ctx.storage.kv.put("reservation", { token, at: Date.now() });
    return token;
  }

  /** Gives up a reservation (the send was refused after all, e.g. no requests left). */
  async release(token: string): Promise<void> {
    if (this.ctx.storage.kv.get<{ token: string }>("reservation")?.token === token) this.ctx.storage.kv.delete("reservation");
  }

  /** Stops the reply in flight and resolves once what it said is saved. False when nothing was running. */
  async stop(): Promise<boolean> {
    const live = this.live;
    if (!live) return false;
    live.stopped = true;
    live.abort.abort();
    await live.done;
    return true;
  }

  /** The reply in flight for a reader who joins: the text so far, then the rest live. */
  async stream(): Promise<ReplyStream> {
    const live = this.live;
    if (!live) return { kind: "idle" };
    return this.respond(live, this.attach(live));
  }

  async alarm(): Promise<void> {
    if (this.live) await this.ctx.storage.setAlarm(Date.now() + HEARTBEAT_MS);
    else if (this.ctx.storage.kv.get("job")) await this.recover();
  }

  private busy(): boolean {
    if (this.live || this.ctx.storage.kv.get("job")) return true;
    const held = this.ctx.storage.kv.get<{ at: number }>("reservation");
    return held !== undefined && Date.now() - held.at < RESERVATION_TTL_MS;
  }

  /** Runs the job the holder of `token` reserved for; the sender's stream comes back from the first chunk. */
  async start(token: string, job: ReplyJob): Promise<ReplyStream> {
    if (this.ctx.storage.kv.get<{ token: string }>("reservation")?.token !== token || this.live) return { kind: "busy" };
    this.ctx.storage.kv.delete("reservation");
    this.ctx.storage.kv.put("job", storedJob(job));
    this.ctx.storage.sql.exec("DELETE FROM chunks");
    // A continuation streams the whole reply: the words already there come first.
    const seed = job.continues?.text;
    if (seed) this.ctx.storage.sql.exec("INSERT INTO chunks (seq, text) VALUES (1, ?)", seed);
    const vault = job.vault ? await openedVault(this.env, job.vault, job.topicId) : null;

    let settleFirst!: () => void;
    const firstEvent = new Promise<void>((resolve) => (settleFirst = resolve));
    const live: Live = {
      job,
      abort: new AbortController(),
      stopped: false,
      chunks: seed ? [seed] : [],
      readers: new Map(),
      vault,
      firstEvent,
      settleFirst,
      failedEarly: false,
      asked: Promise.resolve(job.userMessageId ?? null),
      bookmarks: "",
      done: Promise.resolve(),
    };
    this.live = live;
    // The sender is a reader from the start, so it misses nothing however fast the model is.
    const body = this.attach(live);
    live.done = this.run(live);
    this.ctx.waitUntil(live.done);
    await this.ctx.storage.setAlarm(Date.now() + HEARTBEAT_MS);
    return this.respond(live, body);
  }

  /**
   * The stream once the first chunk is there and the question written; `failed` if the reply ended
   * without a chunk, `unsaved` if the question could not be written.
   */
  private async respond(live: Live, body: ReadableStream<Uint8Array>): Promise<ReplyStream> {
    await live.firstEvent;
    const unsaved = (await live.asked) === null;
    if (unsaved || live.failedEarly) {
      await body.cancel();
      return { kind: unsaved ? "unsaved" : "failed" };
    }
    return { kind: "streaming", model: live.job.model.modelId, body, ...(live.bookmarks ? { bookmarks: live.bookmarks } : {}) };
  }

  /**
   * A new reader: the text so far, then every later chunk, with the values the privacy guard hid
   * put back (the model's text, stored and saved, keeps its placeholders). Synchronous, so nothing
   * slips in between.
   */
  private attach(live: Live): ReadableStream<Uint8Array> {
    let reader!: ReadableStreamDefaultController<Uint8Array>;
    return new ReadableStream<Uint8Array>({
      start: (controller) => {
        reader = controller;
        const unmasker = new StreamUnmasker(live.vault ?? emptyVault());
        const soFar = unmasker.push(live.chunks.join(""));
        if (soFar) controller.enqueue(encoder.encode(soFar));
        live.readers.set(controller, unmasker);
      },
      cancel: () => {
        live.readers.delete(reader);
      },
    });
  }

  private append(live: Live, text: string): void {
    live.chunks.push(text);
    this.ctx.storage.sql.exec("INSERT INTO chunks (seq, text) VALUES (?, ?)", live.chunks.length, text);
    for (const [reader, unmasker] of live.readers) {
      const shown = unmasker.push(text);
      if (shown) reader.enqueue(encoder.encode(shown));
    }
    live.settleFirst();
  }

  private async run(live: Live): Promise<void> {
    const { job } = live;
    let failure: unknown = null;
    try {
      const settings = aiSettings(this.env);
      const product = job.product ?? (await findProduct(getDb(this.env.DB), job.assistantType));
      if (!product) throw new Error(`no product for ${job.assistantType}`);
      const seed = job.continues?.text ?? "";
      const prompt = await this.prompt(live, {
        product,
        topicId: job.topicId,
        contextTokens: settings.contextTokens - Math.ceil(seed.length / CHARS_PER_TOKEN),
        maxOutputTokens: settings.maxOutputTokens,
        vault: live.vault,
      });
      const result = streamText({
        model: languageModel(this.env, job.model),
        system: prompt.system,
        messages: seed ? [...prompt.messages, ...continuationTurns(seed)] : prompt.messages,
        maxOutputTokens: settings.maxOutputTokens,
        maxRetries: settings.maxRetries,
        abortSignal: live.abort.signal,
        timeout: MODEL_TIMEOUT,
        onError: () => {},
      });
      // Stop ends the loop at once, whether or not the provider notices the abort promptly.
      const { signal } = live.abort;
      const stopped = new Promise<"stopped">((resolve) =>
        signal.aborted ? resolve("stopped") : signal.addEventListener("abort", () => resolve("stopped"), { once: true }),
      );
      const parts = result.fullStream[Symbol.asyncIterator]();
      for (;;) {
        const next = await Promise.race([parts.next(), stopped]);
        if (next === "stopped") {
          void parts.return?.().catch(() => {});
          break;
        }
        if (next.done) break;
        const part = next.value;
        if (part.type === "text-delta" && part.text) this.append(live, part.text);
        else if (part.type === "error") throw part.error;
        else if (part.type === "abort") {
          if (!live.stopped) throw new Error("the model timed out");
          break;
        }
      }
    } catch (err) {
      if (!live.stopped) failure = err;
    }
    const unsaved = (await live.asked) === null;
    if (failure && !unsaved) console.error("model failed", job.topicId, job.model.modelId, describeFailure(failure));
    await this.finish(live, failure === null ? (live.stopped ? "partial" : "complete") : "partial", failure !== null || unsaved);
  }

  /**
   * The prompt; for a new question, its write starts here, beside the model call (docs/scale.md
   * "The first chunk"), once the branch it follows is read.
   */
  private async prompt(live: Live, input: Omit<Parameters<typeof loadPrompt>[2], "userMessageId">): Promise<ComposedPrompt> {
    const { job } = live;
    const h = shardDb(this.env, job.shard);
    if (!job.ask) return loadPrompt(this.env, h, { ...input, userMessageId: job.userMessageId! });
    const { prompt, parentId } = await loadAskPrompt(this.env, h, { ...input, userId: job.userId, ask: job.ask });
    live.asked = this.writeQuestion(live, job.ask, parentId);
    return prompt;
  }

  /** Writes the new question after `parentId`; a failure stops the model, and the request goes back when the reply settles. */
  private async writeQuestion(live: Live, ask: Ask, parentId: number | null): Promise<number | null> {
    const { job } = live;
    // `run` calls the model in this same turn, right after the prompt: the write starts on the next
    // one, with the model's request on its way. Started at once, locally (D1 in the same workerd
    // process) it held that request back ~10 ms (docs/scale.md "The first chunk").
    await nextTask();
    try {
      const topic = { id: job.topicId, userId: job.userId, topicName: job.topicName };
      // Through sessions at the primary, so the sender's answer can carry the write's bookmarks.
      const sessions = openReplicaReads(this.env, new Request("https://topic-session/", { method: "POST" }));
      job.userMessageId = await saveUserMessage(getDb(sessions.env.DB), shardDb(sessions.env, job.shard), this.env.EXTRACTOR, {
        topic,
        text: ask.text,
        attachmentIds: ask.attachmentIds,
        parentId,
        privacy: ask.privacy,
      });
      live.bookmarks = sessions.header();
      // A restart from here on saves the reply after this question.
      this.ctx.storage.kv.put("job", storedJob(job));
      return job.userMessageId;
    } catch (err) {
      console.error("saving the question failed", job.topicId, err);
      live.abort.abort();
      return null;
    }
  }

  /** Saves the outcome to D1, forgets the reply, and ends every reader (in that order). */
  private async finish(live: Live, state: MessageState, failed: boolean): Promise<void> {
    const text = live.chunks.join("");
    await live.asked;
    this.ctx.storage.kv.put("state", state);
    const settled = await this.settle(live.job, text, state);
    this.live = null;
    live.failedEarly = !saidAnything(live.job, text);
    for (const [reader, unmasker] of live.readers) {
      try {
        const rest = unmasker.flush();
        if (rest) reader.enqueue(encoder.encode(rest));
        if (failed && !live.failedEarly) reader.error(new Error(REPLY_TEXTS.failedMidway));
        else reader.close();
      } catch {
        // The reader went away meanwhile.
      }
    }
    live.readers.clear();
    live.settleFirst();
    if (settled) await this.ctx.storage.deleteAlarm();
  }

  /**
   * Persists the reply and forgets it. On a D1 failure the reply stays in storage and the alarm
   * tries again in a few seconds, up to `SAVE_ATTEMPTS` times; a reply whose topic has been deleted
   * meanwhile is dropped. True when nothing is left to do.
   */
  private async settle(job: ReplyJob, text: string, state: MessageState): Promise<boolean> {
    try {
      await this.persist(job, text, state);
    } catch (err) {
      const attempts = (this.ctx.storage.kv.get<number>("attempts") ?? 0) + 1;
      const gone = await topicGone(this.env, job.topicId).catch(() => false);
      console.error("saving the reply failed", job.topicId, `attempt ${attempts}`, gone ? "(topic deleted)" : "", err);
      if (!gone && attempts < SAVE_ATTEMPTS) {
        this.ctx.storage.kv.put("attempts", attempts);
        await this.ctx.storage.setAlarm(Date.now() + 5_000);
        return false;
      }
    }
    this.forget();
    return true;
  }

  /**
   * The reply into D1: a message (or the continued one) if the model said anything, and the share
   * cache purged; else the request back and the branch as it was.
   */
  private async persist(job: ReplyJob, text: string, state: MessageState): Promise<void> {
    const db = getDb(this.env.DB);
    const h = shardDb(this.env, job.shard);
    const topic = { id: job.topicId, userId: job.userId };
    // The topic is in the main D1 and its history in a shard, with no foreign key between them:
    // a topic deleted meanwhile (the delete route stops the reply first) takes what is left with it.
    if (await topicGone(this.env, job.topicId)) {
      const [files] = await h.batch(deleteTopicHistory(h, topic));
      await deleteAttachmentObjects(
        this.env,
        files.map((f) => f.key),
      );
      return;
    }
    // The question never made it into history (its write failed, or the object restarted first).
    if (job.userMessageId === undefined) {
      await refundRequest(db, job.charge);
      return;
    }
    if (!saidAnything(job, text)) {
      await refundRequest(db, job.charge);
      if (job.leafIfSilent) await setLeaf(h, topic, job.leafIfSilent);
      return;
    }
    const reply = { topic, text, state, model: job.model.modelId };
    if (job.continues) await saveContinuedReply(db, h, this.env.EXTRACTOR, { ...reply, messageId: job.continues.messageId });
    else await saveAssistantMessage(db, h, this.env.EXTRACTOR, { ...reply, parentId: job.userMessageId });
    await purgeSharedTopic(this.env, job.topicId).catch((err) => console.error("share purge failed", job.topicId, err));
  }

  private forget(): void {
    this.ctx.storage.kv.delete("job");
    this.ctx.storage.kv.delete("state");
    this.ctx.storage.kv.delete("attempts");
    this.ctx.storage.sql.exec("DELETE FROM chunks");
  }

  /** After a restart: what the dead instance had stored becomes a partial reply (or a refund). */
  private async recover(): Promise<void> {
    const job = this.ctx.storage.kv.get<ReplyJob>("job");
    if (!job) return;
    const text = this.ctx.storage.sql
      .exec<{ text: string }>("SELECT text FROM chunks ORDER BY seq")
      .toArray()
      .map((r) => r.text)
      .join("");
    // A reply that ended but could not be saved kept its state; one cut by a restart is partial.
    if (await this.settle(job, text, this.ctx.storage.kv.get<MessageState>("state") ?? "partial")) await this.ctx.storage.deleteAlarm();
  }
}
