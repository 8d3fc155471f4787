import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ModelChoice } from "../../ai/providers";
import type { Charge } from "../../billing/services/limits";
import type { ProductRow } from "../../billing/services/products";
import type { ValidationIssue } from "../../http/errors";
import type { SessionToken } from "../../accounts/services/users";
import type { MessageState } from "../services/messages";
import type { Question } from "../services/questions";

// A topic's turn (docs/conversations.md "The turn"): what the topic's object holds, as one record in
// its storage, so an instance that restarts knows where the last one was.

/** A send, as the route hands it to the topic's object: validated, its token's signature checked. */
export type TurnRequest = {
  /** The caller's sign-in session, checked in the turn's batch (none for the bots' API). */
  signIn?: SessionToken;
  /** The sender and the history shard their chats are in (docs/scale.md "History shards"). */
  user: { id: number; historyShard: number | null };
  /**
   * The caller's topic, or a new one in this mode (its object is addressed before it exists). `topicLine`: the new
   * topic's reply starts with the line `topic_id: <id>` (the web's contract; a bot reads X-Topic-Id).
   */
  topic: { kind: "existing"; id: number } | { kind: "new"; assistantType: string; topicLine?: boolean };
  question: Question;
};

/** What a send gets back: the live reply from its first chunk, or why there is none. */
export type TurnAnswer =
  | { kind: "refused"; status: ContentfulStatusCode; detail: string | ValidationIssue[] }
  /** `bookmarks`: the X-D1-Bookmark of the question's write (docs/scale.md "Read replicas"). */
  | { kind: "streaming"; topicId: number; model: string; body: ReadableStream<Uint8Array>; bookmarks?: string }
  /** The model failed before its first token: the request was given back. */
  | { kind: "failed"; topicId: number }
  /** The question could not be written: nothing was kept, the request was given back. */
  | { kind: "unsaved"; topicId: number };

/** What a reply answers, once its question is in the topic's history. */
export type ReplyJob = {
  topicId: number;
  /** The topic's owner and the history shard their chats are in. */
  userId: number;
  shard: number;
  product: ProductRow;
  model: ModelChoice;
  /** The request taken; none for a continuation, which the reply it continues paid for. */
  charge?: Charge;
  userMessageId: number;
  /** The topic's privacy vault, sealed, to put the hidden values back into what readers see (docs/privacy.md). */
  vault?: string;
  /** A cut reply the model goes on from. */
  continues?: { messageId: number; text: string };
  /** Where the branch goes back to if the model says nothing. */
  leafIfSilent?: number;
  /** The prompt left out earlier turns or document text to fit the window (docs/operations.md "Costs"). */
  contextCut?: boolean;
  /** The prompt's characters: its tokens are estimated from them when the model reports none. */
  promptChars?: number;
  /**
   * In the law modes, the date (YYYY-MM-DD) the law's editions were taken at: the one the question names, else the
   * day it was asked (docs/law.md "The date a question names"). The reply's citations are resolved at this date.
   */
  lawDate?: string;
};

/** A reply's tokens as the model reported them at its finish, and why it finished ("length": the output limit). */
export type ReportedUsage = { input: number; output: number; cached: number; finishReason: string };

/**
 * The turn's states, in order: idle → admitting → streaming → saving → idle (a refusal goes from
 * admitting back to idle; a branch switch holds the topic as `switching`). The question's words are
 * never in it: a restart before the question is written gives the request back, and the question
 * holds the user's own words and possibly long documents (docs/privacy.md).
 */
export type Turn =
  /** Nothing in flight: a send may start. */
  | { kind: "idle" }
  /**
   * A send being checked. Once its batch took a request, `charge`; and `openedTopicId`, a topic it
   * opened (removed again if the send goes no further).
   */
  | { kind: "admitting"; charge?: Charge; openedTopicId?: number; userId: number; shard: number }
  /** The branch on screen is being switched (docs/conversations.md "Versions"). */
  | { kind: "switching" }
  /** The question is in the history, the model answers; its chunks so far are in the `chunks` table. */
  | { kind: "streaming"; job: ReplyJob }
  /**
   * The reply ended as `state` and is being saved; `attempts` failed so far (the alarm retries);
   * `usage` if the model reported it.
   */
  | { kind: "saving"; job: ReplyJob; state: MessageState; attempts: number; usage?: ReportedUsage };

export const IDLE: Turn = { kind: "idle" };
