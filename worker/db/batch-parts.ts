/**
 * One D1 batch made of parts from different services (docs/scale.md "The first chunk"): each part
 * brings its statements and reads its own results, so a send asks D1 once, in one transaction, for
 * what would otherwise be several round trips (the session check, the new topic, a request taken).
 * A part's `read` may refuse (throw) without the others' outcomes being lost: each settles on its own.
 */
export type BatchPart<T> = { statements: D1PreparedStatement[]; read: (results: D1Result[]) => T };

/** What drizzle's query builders give for a batch: the SQL with its parameters, and how drizzle reads the result. */
type PreparableQuery = { prepare(): { getQuery(): { sql: string; params: unknown[] }; mapResult(response: unknown, isFromBatch?: boolean): unknown } };

/** A drizzle query as a part, its result read as drizzle reads it in its own `db.batch`. */
export function queryPart<Q extends PreparableQuery>(d1: D1Database, query: Q): BatchPart<Awaited<Q>> {
  const prepared = query.prepare();
  const { sql, params } = prepared.getQuery();
  return { statements: [d1.prepare(sql).bind(...params)], read: ([result]) => prepared.mapResult(result, true) as Awaited<Q> };
}

/** A part whose result is read further, e.g. the first row of a query part. */
export const mapPart = <T, U>(part: BatchPart<T>, map: (value: T) => U): BatchPart<U> => ({
  statements: part.statements,
  read: (results) => map(part.read(results)),
});

type Outcomes<T extends readonly unknown[]> = { [K in keyof T]: Promise<T[K]> };

/**
 * Sends the parts' statements as one batch; each part's outcome is a promise of its own, rejected
 * when the batch fails or its `read` refuses. A rejection nobody reads is not "unhandled": a send
 * reads every outcome, but an earlier refusal may decide before it looks.
 */
export function runParts<T extends readonly unknown[]>(d1: D1Database, parts: { [K in keyof T]: BatchPart<T[K]> }): Outcomes<T> {
  const list = parts as readonly BatchPart<unknown>[];
  const batch = d1.batch(list.flatMap((part) => part.statements));
  let from = 0;
  const outcomes = list.map((part) => {
    const at = from;
    from += part.statements.length;
    const outcome = batch.then((results) => part.read(results.slice(at, at + part.statements.length)));
    outcome.catch(() => {});
    return outcome;
  });
  return outcomes as unknown as Outcomes<T>;
}

/** One part alone: its statements as a batch of their own. */
export const runPart = <T>(d1: D1Database, part: BatchPart<T>): Promise<T> => runParts<[T]>(d1, [part])[0];

/**
 * A part made once: run alone (`run`) or joined to a caller's batch (`join`), whichever comes
 * first, with `result` its outcome either way. A send's session check is one (accounts/middleware/auth.ts).
 */
export type OncePart<T> = {
  result: Promise<T>;
  /** Runs it alone, unless it already ran or was joined; answers `result`. */
  run(): Promise<T>;
  /** The part for the caller's batch (an empty one if it already ran); `settle` takes that part's outcome. */
  join(): { part: BatchPart<unknown>; settle(outcome: Promise<unknown>): void };
};

/** What `join` gives when there is nothing to join: a part of no statements. */
export const NOTHING_TO_JOIN: ReturnType<OncePart<unknown>["join"]> = { part: { statements: [], read: () => undefined }, settle: () => {} };

export function oncePart<T>(d1: D1Database, make: () => BatchPart<T>): OncePart<T> {
  let resolve!: (outcome: Promise<T>) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  promise.catch(() => {}); // read by whoever answers its refusal
  let started = false;
  return {
    result: promise,
    run() {
      if (!started) {
        started = true;
        resolve(runPart(d1, make()));
      }
      return promise;
    },
    join() {
      if (started) return NOTHING_TO_JOIN;
      started = true;
      return { part: make(), settle: (outcome) => resolve(outcome as Promise<T>) };
    },
  };
}
