import type { StandardSchemaV1 } from "@standard-schema/spec";
import type { ValidationTargets } from "hono";
import { validator } from "hono-openapi";
import { z } from "zod";
import { ApiError, type ValidationIssue } from "./errors";
import { isNotFoundIssue } from "./params";

z.config(z.locales.ru());

const locationOf: Record<keyof ValidationTargets, string> = {
  json: "body",
  form: "body",
  query: "query",
  param: "path",
  header: "header",
  cookie: "cookie",
};

function toIssues(target: keyof ValidationTargets, issues: readonly StandardSchemaV1.Issue[]): ValidationIssue[] {
  return issues.map((issue) => ({
    loc: [locationOf[target], ...(issue.path ?? []).map((p) => (typeof p === "object" ? p.key : p) as string | number)],
    msg: issue.message,
    type: (issue as { code?: string }).code ?? "value_error",
  }));
}

/**
 * Validates one part of the request, answering 422 with FastAPI-shaped details in Russian, and
 * registers the schema with the OpenAPI document.
 */
export function validate<Schema extends StandardSchemaV1, Target extends keyof ValidationTargets>(
  target: Target,
  schema: Schema,
) {
  return validator(target, schema, (result) => {
    if (result.success) return;
    // A malformed id in a path names no resource: 404, as an unknown one does.
    if (target === "param" && result.error.some(isNotFoundIssue)) throw ApiError.notFound();
    throw new ApiError(422, toIssues(target, result.error));
  });
}
