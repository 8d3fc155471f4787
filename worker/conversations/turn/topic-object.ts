import type { LanguageModelUsage } from "ai";
import { DurableObject } from "cloudflare:workers";
import { continuationTurns } from "../../ai/prompts";
import { streamReply } from "../../ai/model-call";
import { aiSettings, chooseModel, languageModel } from "../../ai/providers";
import { NO_REQUESTS_LEFT } from "../../billing/services/limits";
import { getDb } from "../../db/client";
import { shardDb } from "../../db/history";
import { openReplicaReads } from "../../db/replica-reads";
import type { Env } from "../../env";
import { ApiError } from "../../http/errors";
import { newestLeafBelow, setLeaf } from "../services/branches";
import type { MessageState } from "../services/messages";
import { saveUserMessage } from "../services/messages";
import { type Ask, prepareQuestion } from "../services/questions";
import { openedVault, sealedVaultOf } from "../services/vaults";
import type { Vault } from "../../privacy";
import { admit } from "./admission";
import { KeptChunks } from "./kept-chunks";
import { LiveReply } from "./live-reply";
import type { LawGrounding } from "../../law/search/grounding";
import { CHARS_PER_TOKEN, type ComposedPrompt, groundingFor, loadAskPrompt, loadPrompt, promptChars } from "./prompt";
import { saidAnything, settleTurn, topicGone } from "./settle";
import { turnTools } from "./turn-tools";
import { IDLE, type ReplyJob, type ReportedUsage, type Turn, type TurnAnswer, type TurnRequest } from "./turn-state";
import { logEvent } from "../../http/log";

export const REPLY_TEXTS = {
  busy: "Дождитесь окончания ответа",
  failedBeforeFirstToken: "Модель не ответила. Запрос возвращён, попробуйте ещё раз",
  failedMidway: "Ответ модели прервался: сохранено то, что она успела написать",
  interrupted: "Ответ прервался: обновите чат, чтобы увидеть сохранённую часть",
} as const;

/** What a reader who joins gets: the live reply from its first chunk, or why there is none. */
export type ReplyStream =
  | { kind: "streaming"; model: string; body: ReadableStream<Uint8Array> }
  /** The reply ended without a word; the request was given back. */
  | { kind: "failed" }
  /** Nothing is being generated. */
  | { kind: "idle" };

/** The topic's object: the one it was started with (`session_id`), else the one named by its id. */
export const topicObject = (env: Env, topic: { id: number; sessionId: string | null }) =>
  env.TOPIC_OBJECT.get(
    topic.sessionId ? env.TOPIC_OBJECT.idFromString(topic.sessionId) : env.TOPIC_OBJECT.idFromName(String(topic.id)),
  );

/** While a reply runs an alarm fires this often: it keeps the object alive and recovers after a restart. */
const HEARTBEAT_MS = 30_000;
/** Saving a finished reply to D1 is retried this many times before it is given up. */
const SAVE_ATTEMPTS = 10;
/** The model must send something at least this often, and finish within the total. */
const MODEL_TIMEOUT = { chunkMs: 90_000, totalMs: 10 * 60_000 };
const TURN_KEY = "turn";

/** The failure for the logs, without the request it carries (the user's text stays out of logs). */
function describeFailure(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const status = (err as { statusCode?: number }).statusCode;
  const cause = err.cause instanceof Error ? ` (${err.cause.message})` : "";
  return `${err.name}${status ? ` ${status}` : ""}: ${err.message}${cause}`;
}

/** A reply's job before its new question is written (`ask`, with the branch's leaf it follows). */
type Draft = Omit<ReplyJob, "userMessageId"> & { userMessageId?: number };

/** A turn admitted: what the model is called with, and a new question to write meanwhile. */
type Started = {
  job: Draft;
  prompt: ComposedPrompt;
  vault: Vault | null;
  ask?: { question: Ask; parentId: number | null; topic: { id: number; userId: number; topicName: string | null } };
};

/** The AI SDK's usage as kept with the turn; a count the provider left out is 0. */
const reportedUsage = (usage: LanguageModelUsage, finishReason: string): ReportedUsage => ({
  input: usage.inputTokens ?? 0,
  output: usage.outputTokens ?? 0,
  cached: usage.inputTokenDetails?.cacheReadTokens ?? 0,
  finishReason,
});

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * One per topic (`topicObject`), the owner of its turn (docs/conversations.md "The turn"): a send is
 * one RPC (`send`) and one sequential flow here. The topic is taken before the first await, the
 * checks and the charge are one D1 batch, the question is checked and written, the model called,
 * every chunk kept in the object's SQLite storage and passed on to every reader (`stream` joins
 * late), and the turn ends in one place (`end`, settle.ts): the reply saved, or the request given
 * back. The turn's state is one record in storage (turn-state.ts), so the next instance after a
 * restart saves what was kept as a partial reply, or gives the request back.
 */
export class TopicObject extends DurableObject<Env> {
  private turn: Turn = IDLE;
  private live: LiveReply | null = null;
  private readonly chunks: KeptChunks;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.chunks = new KeptChunks(ctx.storage.sql);
    // Read synchronously, so a new topic's first call is not held behind blockConcurrencyWhile: 0.07–0.5 ms p50 in
    // two A/B runs (docs/scale.md "Against the floor (issue 28)"). A turn in storage at start-up belongs to an
    // instance that died in it; no call comes in before it is recovered.
    this.turn = ctx.storage.kv.get<Turn>(TURN_KEY) ?? IDLE;
    if (this.turn.kind !== "idle") ctx.blockConcurrencyWhile(() => this.recover());
  }

  /**
   * A send: the reply from its first chunk, or a refusal in the order of docs/conversations.md
   * (401; the mode 422, the terms 403, the topic 404, the question's 404/409/422; a busy topic 409;
   * no request left 402), with nothing written and nothing taken.
   */
  async send(request: TurnRequest): Promise<TurnAnswer> {
    // The input gate holds other calls only while this one awaits the object's own storage, not D1
    // or the model: the topic is taken before the first await, so a second send finds it busy.
    const busy = this.turn.kind !== "idle";
    // Not stored yet: nothing is taken before the batch, and a storage write here would hold the
    // batch's request back behind the output gate.
    if (!busy) this.turn = { kind: "admitting", userId: request.user.id, shard: request.user.historyShard ?? 0 };
    let started: Started;
    try {
      started = await this.admit(request, busy);
    } catch (err) {
      if (!busy) await this.end("");
      if (err instanceof ApiError) return { kind: "refused", status: err.status, detail: err.detail };
      throw err;
    }
    const announced = request.topic.kind === "new" && request.topic.topicLine;
    return this.begin(started, announced ? `topic_id: ${started.job.topicId}\n` : undefined);
  }

  /** The reply in flight for a reader who joins: the text so far, then the rest live. */
  async stream(): Promise<ReplyStream> {
    const live = this.live;
    if (!live) return { kind: "idle" };
    const body = live.attach();
    await live.firstEvent;
    if (live.failedEarly) {
      await body.cancel();
      return { kind: "failed" };
    }
    return { kind: "streaming", model: live.model, body };
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

  /**
   * Shows the branch through `messageId` (docs/conversations.md "Versions"): false while a turn is
   * in flight, since a reply belongs to the branch it started on.
   */
  async switchBranch(shard: number, topic: { id: number; userId: number }, messageId: number): Promise<boolean> {
    if (this.turn.kind !== "idle") return false;
    this.record({ kind: "switching" });
    try {
      const h = shardDb(this.env, shard);
      await setLeaf(h, topic, await newestLeafBelow(h, messageId));
    } finally {
      this.record(IDLE);
    }
    return true;
  }

  async alarm(): Promise<void> {
    if (this.live) await this.ctx.storage.setAlarm(Date.now() + HEARTBEAT_MS);
    else if (this.turn.kind !== "idle") await this.recover();
  }

  private record(turn: Turn): void {
    this.turn = turn;
    if (turn.kind === "idle") this.ctx.storage.kv.delete(TURN_KEY);
    else this.ctx.storage.kv.put(TURN_KEY, turn);
  }

  /** admitting: the batch, the question checked, the prompt read. Throws the first refusal. */
  private async admit(request: TurnRequest, busy: boolean): Promise<Started> {
    const db = getDb(this.env.DB);
    const shard = request.user.historyShard ?? 0;
    const h = shardDb(this.env, shard);
    const existing = request.topic.kind === "existing" ? request.topic.id : null;
    const continuing = request.question.kind === "continue";
    const early = this.earlyGrounding(request);
    // The vault is read beside the batch: nothing it says is used unless the batch finds the topic theirs.
    const [admission, sealed] = await Promise.all([
      // A continuation is part of the reply it goes on with: its request was taken by that reply.
      admit(db, this.env.KV, request, this.ctx.id.toString(), !busy && !continuing),
      existing === null ? null : sealedVaultOf(h, existing),
    ]);
    if (!busy) {
      const { charge, opened } = admission;
      // Kept in storage once the model's request is out (`run`): written here, it held that request back ~1.6 ms.
      this.turn = {
        kind: "admitting",
        userId: request.user.id,
        shard,
        charge: charge ?? undefined,
        openedTopicId: opened?.id,
      };
    }
    if (admission.refusal) throw admission.refusal;
    const { topic, product, guardOn } = admission.checked;
    const privacy = { env: this.env, topicId: topic.id, on: guardOn, sealed };
    const prepared = await prepareQuestion(db, h, topic, request.question, privacy, existing === null);
    if (busy) throw ApiError.conflict(REPLY_TEXTS.busy);
    if (!continuing && !admission.charge) throw new ApiError(402, NO_REQUESTS_LEFT);
    // Before the commit: a model not configured (503) writes nothing.
    const model = chooseModel(this.env, product.model, prepared.hasImage);
    const answering = await prepared.commit();
    // The reply is unmasked with the topic's vault: this question's, or the one it had.
    const sealedVault = answering.vault ?? sealed ?? undefined;
    const vault = sealedVault ? await openedVault(this.env, sealedVault, topic.id) : null;
    const settings = aiSettings(this.env);
    const seed = answering.continues?.text ?? "";
    const input = {
      product,
      topicId: topic.id,
      contextTokens: settings.contextTokens - Math.ceil(seed.length / CHARS_PER_TOKEN),
      maxOutputTokens: settings.maxOutputTokens,
      vault,
    };
    const job: Draft = {
      topicId: topic.id,
      userId: topic.userId,
      shard,
      product,
      model,
      charge: admission.charge ?? undefined,
      vault: sealedVault,
      continues: answering.continues,
      leafIfSilent: answering.leafIfSilent,
    };
    if (!answering.ask) {
      const userMessageId = answering.userMessageId!;
      return {
        job: { ...job, userMessageId },
        prompt: await loadPrompt(this.env, h, { ...input, userMessageId }),
        vault,
      };
    }
    const { prompt, parentId } = await loadAskPrompt(this.env, h, {
      ...input,
      userId: topic.userId,
      ask: answering.ask,
      ...(early && !answering.continues ? { law: early } : {}),
    });
    return { job, prompt, vault, ask: { question: answering.ask, parentId, topic } };
  }

  /**
   * A new topic's law articles, looked up beside the admission batch (docs/law.md "In the turn"): its mode is the
   * send's own, and the lookup needs only the question, so the first chunk does not wait for it after the batch. The
   * question as sent is the search's, never the model's: the articles found go to the model, not the words searched
   * by. A topic that exists looks its articles up beside its branch's read, after the batch tells its mode.
   */
  private earlyGrounding(request: TurnRequest): Promise<LawGrounding | null> | undefined {
    if (request.topic.kind !== "new" || request.question.kind !== "new") return undefined;
    const settings = aiSettings(this.env);
    return groundingFor(this.env, { assistantType: request.topic.assistantType, ...settings }, request.question.text);
  }

  /** The new question into the history after `parentId`; null if it could not be written. */
  private async writeQuestion(
    topic: NonNullable<Started["ask"]>["topic"],
    shard: number,
    ask: Ask,
    parentId: number | null,
  ) {
    try {
      // Through D1 sessions at the primary, so the sender's answer can carry the write's bookmarks.
      const sessions = openReplicaReads(this.env, new Request("https://topic-object/", { method: "POST" }));
      const id = await saveUserMessage(getDb(sessions.env.DB), shardDb(sessions.env, shard), this.env.EXTRACTOR, {
        topic,
        text: ask.text,
        attachmentIds: ask.attachmentIds,
        parentId,
        privacy: ask.privacy,
      });
      return { id, bookmarks: sessions.header() || undefined };
    } catch (err) {
      logEvent("error", "saving the question failed", { topic_id: topic.id, err });
      return null;
    }
  }

  /**
   * The model called, the sender a reader from the start (after `firstLine`, the web's new topic's line, so the
   * stream goes to the sender as it is); answers at the first chunk.
   */
  private async begin(started: Started, firstLine?: string): Promise<TurnAnswer> {
    const { job } = started;
    // A continuation streams the whole reply: the words already there come first (the table is
    // empty: every turn ends by clearing it).
    const seed = job.continues?.text;
    if (seed) this.chunks.keep(1, seed);
    const live = new LiveReply(job.model.modelId, started.vault, seed);
    this.live = live;
    const body = live.attach(firstLine);
    live.done = this.run(live, started);
    this.ctx.waitUntil(live.done);
    await live.firstEvent;
    if (live.unsaved || live.failedEarly) {
      await body.cancel();
      return { kind: live.unsaved ? "unsaved" : "failed", topicId: job.topicId };
    }
    const { bookmarks } = live;
    return {
      kind: "streaming",
      topicId: job.topicId,
      model: job.model.modelId,
      body,
      ...(bookmarks ? { bookmarks } : {}),
    };
  }

  /**
   * The model's request goes out first, then a new question is written and the turn recorded as
   * streaming: written first, the question held that request back ~10 ms locally (docs/scale.md
   * "The first chunk"). A failed write stops the model, and the turn ends as it was admitted: the
   * request given back.
   */
  private async run(live: LiveReply, { job, prompt, ask }: Started): Promise<void> {
    let failure: unknown = null;
    try {
      const settings = aiSettings(this.env);
      const seed = job.continues?.text ?? "";
      const reply = streamReply(
        {
          model: languageModel(this.env, job.model),
          system: prompt.system,
          messages: seed ? [...prompt.messages, ...continuationTurns(seed)] : prompt.messages,
          maxOutputTokens: settings.maxOutputTokens,
          maxRetries: settings.maxRetries,
          abortSignal: live.abort.signal,
          timeout: MODEL_TIMEOUT,
        },
        // The law modes' article tool where the model calls tools (docs/law.md "Tools"); nothing elsewhere.
        turnTools(this.env, job.model, job.product.assistantType, prompt.lawDate),
      );
      // Storage writes wait for the model's request: the output gate would hold it back behind them.
      await nextTask();
      // The admitted turn, for the next instance to give the request back if this one dies now.
      this.record(this.turn);
      this.chunks.make();
      let userMessageId = job.userMessageId;
      if (ask) {
        const written = await this.writeQuestion(ask.topic, job.shard, ask.question, ask.parentId);
        if (!written) {
          live.unsaved = true;
          live.abort.abort();
          await this.finish(live, "partial", false);
          return;
        }
        live.bookmarks = written.bookmarks;
        userMessageId = written.id;
      }
      this.record({
        kind: "streaming",
        job: {
          ...job,
          userMessageId: userMessageId!,
          contextCut: prompt.cut,
          promptChars: promptChars(prompt) + seed.length,
          ...(prompt.lawDate ? { lawDate: prompt.lawDate } : {}),
        },
      });
      await this.ctx.storage.setAlarm(Date.now() + HEARTBEAT_MS);
      // Stop ends the loop at once, whether or not the provider notices the abort promptly.
      const { signal } = live.abort;
      const stopped = new Promise<"stopped">((resolve) =>
        signal.aborted
          ? resolve("stopped")
          : signal.addEventListener("abort", () => resolve("stopped"), { once: true }),
      );
      const parts = reply[Symbol.asyncIterator]();
      // With tools a reply is several steps (docs/law.md "Tools"): only their text is the reply's, and the text of a
      // step that went on to call a tool is a paragraph of its own.
      let stepSaid = false;
      let newParagraph = false;
      for (;;) {
        const next = await Promise.race([parts.next(), stopped]);
        if (next === "stopped") {
          void parts.return?.().catch(() => {});
          break;
        }
        if (next.done) break;
        const part = next.value;
        if (part.type === "text" && part.text) {
          const text = newParagraph ? `\n\n${part.text}` : part.text;
          newParagraph = false;
          stepSaid = true;
          const seq = live.append(text);
          this.chunks.keep(seq, text);
        } else if (part.type === "step-end") {
          newParagraph = stepSaid;
          stepSaid = false;
        } else if (part.type === "finish") live.usage = reportedUsage(part.usage, part.finishReason);
      }
    } catch (err) {
      if (!live.stopped) failure = err;
    }
    if (failure)
      logEvent("error", "model failed", {
        topic_id: job.topicId,
        model: job.model.modelId,
        failure: describeFailure(failure),
      });
    await this.finish(live, failure === null ? (live.stopped ? "partial" : "complete") : "partial", failure !== null);
  }

  /** saving: the reply saved (or the request given back), then forgotten, then every reader ended. */
  private async finish(live: LiveReply, state: MessageState, failed: boolean): Promise<void> {
    const text = live.text;
    const turn = this.turn;
    if (turn.kind === "streaming")
      this.record({ kind: "saving", job: turn.job, state, attempts: 0, usage: live.usage });
    const settled = await this.end(text);
    this.live = null;
    live.failedEarly = live.unsaved || turn.kind !== "streaming" || !saidAnything(turn.job, text);
    live.end(failed ? REPLY_TEXTS.failedMidway : null);
    if (settled) await this.ctx.storage.deleteAlarm();
  }

  /**
   * Ends the turn where it is (settle.ts) and goes back to idle. A reply that fails to save stays
   * in storage and the alarm tries again in a few seconds, up to `SAVE_ATTEMPTS` times; one whose
   * topic was deleted meanwhile is dropped. True when nothing is left to do.
   */
  private async end(text: string): Promise<boolean> {
    const turn = this.turn;
    try {
      await settleTurn(this.env, turn, text);
    } catch (err) {
      if (turn.kind !== "saving") throw err;
      const attempts = turn.attempts + 1;
      const gone = await topicGone(this.env, turn.job.topicId).catch(() => false);
      logEvent("error", "saving the reply failed", {
        topic_id: turn.job.topicId,
        attempt: attempts,
        topic_deleted: gone,
        err,
      });
      if (!gone && attempts < SAVE_ATTEMPTS) {
        this.record({ ...turn, attempts });
        await this.ctx.storage.setAlarm(Date.now() + 5_000);
        return false;
      }
    }
    this.chunks.clear();
    this.record(IDLE);
    return true;
  }

  /** After a restart: what the dead instance kept becomes a partial reply (or the request goes back). */
  private async recover(): Promise<void> {
    const turn = this.turn;
    if (turn.kind === "streaming") this.record({ kind: "saving", job: turn.job, state: "partial", attempts: 0 });
    if (await this.end(this.chunks.text())) await this.ctx.storage.deleteAlarm();
  }
}
