import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { AUTH_TEXTS } from "../../accounts/middleware/auth";
import { tokenRevoked } from "../../accounts/services/revocations";
import { DISCLAIMER_TEXTS, termsMet } from "../../billing/services/disclaimers";
import { chargeTaken, takeRequestQueries, type Charge } from "../../billing/services/limits";
import type { Db } from "../../db/client";
import { products, topics } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { openTopicQueries, type TopicWithMode, UNKNOWN_MODE } from "../services/new-topic";
import { guardOnColumn } from "../services/privacy-settings";
import { TOPIC_NOT_FOUND, type TopicRow } from "../services/topics";
import type { TurnRequest } from "./turn-state";

/** What the turn's one batch found: the first refusal in the send's order, or the topic, and the request taken. */
export type Admission =
  | { refusal: ApiError; opened?: TopicRow; charge?: Charge | null }
  | { refusal?: undefined; checked: TopicWithMode; opened?: TopicRow; charge?: Charge | null };

/**
 * The caller's topic with the mode's terms and whether the privacy guard is on in it, and the
 * topic's mode: 404 for a topic not theirs, 422 for a mode gone (a topic keeps its mode even if an
 * admin has since turned it off), 403 for terms not accepted (docs/billing.md). Two statements
 * rather than one join: a batch's rows come back as objects, in which the two tables' columns of one
 * name (id, created_at, …) would be one.
 */
function ownTopicQueries(db: Db, userId: number, topicId: number) {
  const own = and(eq(topics.id, topicId), eq(topics.userId, userId));
  const topicRows = db
    .select({
      topic: topics,
      termsMet: termsMet(userId, topics.assistantType).as("terms_met"),
      guardOn: guardOnColumn(userId, topics.assistantType).as("guard_on"),
    })
    .from(topics)
    .where(own);
  const modeRows = db
    .select()
    .from(products)
    .where(eq(products.assistantType, db.select({ type: topics.assistantType }).from(topics).where(own)));
  return {
    queries: [topicRows, modeRows] as const,
    read: ([row]: Awaited<typeof topicRows>, [product]: Awaited<typeof modeRows>): TopicWithMode => {
      if (!row) throw ApiError.notFound(TOPIC_NOT_FOUND);
      if (!product) throw new ApiError(422, UNKNOWN_MODE);
      if (!row.termsMet) throw ApiError.forbidden(DISCLAIMER_TEXTS.notAccepted);
      return { topic: row.topic, product, guardOn: Boolean(row.guardOn) };
    },
  };
}

type Batch = [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];

/**
 * The checks and the charge of a send in one D1 batch, one round trip and one transaction
 * (docs/scale.md "The first chunk"), with the sign-in session's revocations read in KV beside it
 * (401; docs/accounts.md "Revocation"): the topic with its mode, terms and guard flag, or the new
 * topic's row (404/422/403), and, unless `take` is false (the topic is busy), one request taken.
 * The refusals come back in that order; no request left is only reported after the question's own
 * refusals, so it comes back as `charge: null`.
 */
export async function admit(
  db: Db,
  kv: KVNamespace,
  request: TurnRequest,
  objectId: string,
  take: boolean,
): Promise<Admission> {
  const userId = request.user.id;
  const topic =
    request.topic.kind === "new"
      ? openTopicQueries(db, userId, request.topic.assistantType, objectId)
      : ownTopicQueries(db, userId, request.topic.id);
  const charge = take ? takeRequestQueries(db, userId) : [];
  const [rows, revoked]: [unknown[], boolean] = await Promise.all([
    db.batch([...topic.queries, ...charge] as unknown as Batch),
    request.signIn ? tokenRevoked(kv, request.signIn) : false,
  ]);
  const [first, second] = rows.slice(0, 2) as [never, never];
  const opened = request.topic.kind === "new" ? (second as TopicRow[])[0] : undefined;
  const taken = take ? chargeTaken(rows.slice(2)) : undefined;
  if (revoked) {
    return { refusal: ApiError.unauthorized(AUTH_TEXTS.revoked), opened, charge: taken };
  }
  try {
    return { checked: topic.read(first, second), opened, charge: taken };
  } catch (err) {
    if (err instanceof ApiError) return { refusal: err, opened, charge: taken };
    throw err;
  }
}
