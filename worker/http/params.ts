import type { StandardSchemaV1 } from "@standard-schema/spec";
import { z } from "zod";

/**
 * An id in a path: plain decimal digits, no sign, no spaces, no leading zeros (`0` itself is
 * allowed: a topic's "no folder"), at most `Number.MAX_SAFE_INTEGER`. Anything else (`0x10`,
 * `1e1`, `+5`, ` 7`, `07`) names no resource, so `validate("param", …)` answers 404, not 422,
 * and never a coerced number (docs/architecture.md, "Path ids").
 */
export const pathId = z
  .string()
  .meta({ pattern: "^(0|[1-9][0-9]*)$" })
  .refine(isDecimalId, { params: { notFound: true } })
  .transform(Number);

function isDecimalId(value: string): boolean {
  return /^(0|[1-9][0-9]*)$/.test(value) && Number.isSafeInteger(Number(value));
}

/**
 * A word in a path that names one of a fixed set (a list's status, a mode): anything not shaped like
 * `pattern` names no resource (404, as a path that matched no route did), a word of that shape
 * outside the set is a client's mistake (`values`' own 422).
 */
export const pathWord = <Out>(pattern: RegExp, values: z.ZodType<Out, string>) =>
  z
    .string()
    .meta({ pattern: pattern.source })
    .refine((word) => pattern.test(word), { params: { notFound: true } })
    .pipe(values);

/** A path-param issue that means "no such resource" (answered 404 by `validate`). */
export const isNotFoundIssue = (issue: StandardSchemaV1.Issue) =>
  (issue as { params?: { notFound?: unknown } }).params?.notFound === true;

/** A payment's id in a path (`/payments/{id}`, the sandbox checkout): a UUID. */
export const paymentIdParams = z.object({ id: z.uuid({ error: "Некорректный идентификатор платежа" }) });
