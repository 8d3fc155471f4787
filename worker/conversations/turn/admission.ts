import { and, eq, sql } from "drizzle-orm";
import { AUTH_TEXTS } from "../../accounts/middleware/auth";
import { tokenRevoked } from "../../accounts/services/revocations";
import { DISCLAIMER_TEXTS, termsMet } from "../../billing/services/disclaimers";
import { chargeTaken, TAKE_REQUEST, type Charge } from "../../billing/services/limits";
import type { Db } from "../../db/client";
import { bound, prepared, type Prepared, type RawRow, rowOf } from "../../db/prepared";
import { products, topics } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { openTopicStatements, readOpenedTopic, type TopicWithMode, UNKNOWN_MODE } from "../services/new-topic";
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
 * rather than one join: D1 answers a row as an object, in which the two tables' columns of one name
 * (id, created_at, …) would be one. Placeholders for `{ userId, topicId }`.
 */
function ownTopicStatements(db: Db): Prepared[] {
  const [userId, topicId] = [sql.placeholder("userId"), sql.placeholder("topicId")];
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
  return [prepared(topicRows), prepared(modeRows)];
}

function readOwnTopic([row]: RawRow[], [product]: RawRow[]): TopicWithMode {
  if (!row) throw ApiError.notFound(TOPIC_NOT_FOUND);
  if (!product) throw new ApiError(422, UNKNOWN_MODE);
  if (!row.terms_met) throw ApiError.forbidden(DISCLAIMER_TEXTS.notAccepted);
  return { topic: rowOf(topics, row), product: rowOf(products, product), guardOn: Boolean(row.guard_on) };
}

// Not request state: the batch's statements, the same text for every send (db/prepared.ts), built on the first.
let built: { open: Prepared[]; own: Prepared[] } | undefined;
const statementsFor = (db: Db) => (built ??= { open: openTopicStatements(db), own: ownTopicStatements(db) });

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
  const d1 = db.$client;
  const statements = statementsFor(db);
  const isNew = request.topic.kind === "new";
  const values = {
    userId: request.user.id,
    now: Date.now(),
    ...(request.topic.kind === "new" ? { type: request.topic.assistantType, objectId } : { topicId: request.topic.id }),
  };
  const batch = [...(isNew ? statements.open : statements.own), ...(take ? TAKE_REQUEST : [])];
  const [results, revoked] = await Promise.all([
    d1.batch(batch.map((statement) => bound(d1, statement, values))),
    request.signIn ? tokenRevoked(kv, request.signIn) : false,
  ]);
  const rows = results.map((result) => result.results as RawRow[]);
  const [first, second] = rows as [RawRow[], RawRow[]];
  const openedRow = isNew ? second[0] : undefined;
  const opened = openedRow ? rowOf(topics, openedRow) : undefined;
  const taken = take ? chargeTaken(rows.slice(2)) : undefined;
  if (revoked) {
    return { refusal: ApiError.unauthorized(AUTH_TEXTS.revoked), opened, charge: taken };
  }
  try {
    return { checked: isNew ? readOpenedTopic(first, second) : readOwnTopic(first, second), opened, charge: taken };
  } catch (err) {
    if (err instanceof ApiError) return { refusal: err, opened, charge: taken };
    throw err;
  }
}
