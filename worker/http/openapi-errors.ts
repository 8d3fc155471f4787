import { z } from "zod";

// Every refusal of the API is `{detail}` (worker/http/errors.ts): a Russian sentence, or for a
// validator's failure the list of what is wrong. The document says so once, here, for every
// operation: each error status gets the shape, a 422 either shape (a validator's or a business
// rule's), and every operation that asks for credentials its 401.

const errorSchema = z.object({ detail: z.string().describe("Что не так, по-русски") }).strict();
const validationErrorSchema = z
  .object({
    detail: z.array(
      z.object({
        loc: z.array(z.union([z.string(), z.number().int()])).describe("Где: body, query, path и имя поля"),
        msg: z.string().describe("Что не так, по-русски"),
        type: z.string(),
      }),
    ),
  })
  .strict();

const json = (schema: z.ZodType) => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: "draft-2020-12", io: "output" });
  return rest;
};

/** The two error shapes as the document's components, from the same zod the tests could parse with. */
export const errorSchemas = {
  Error: { ...json(errorSchema), description: "Отказ: `{detail}` по-русски" },
  ValidationError: { ...json(validationErrorSchema), description: "Ошибка проверки: `{detail: [{loc, msg, type}]}`" },
};

const ref = (name: keyof typeof errorSchemas) => ({ $ref: `#/components/schemas/${name}` });
const ERROR_CONTENT = { "application/json": { schema: ref("Error") } };
const UNPROCESSABLE_CONTENT = {
  "application/json": { schema: { oneOf: [ref("ValidationError"), ref("Error")] } },
};

const UNAUTHORIZED = {
  jwt: "Нет токена (jwt-token), он неверен или истёк, сессия завершена или пользователь заблокирован",
  internal: "Неверный или отсутствующий служебный токен (internal-token)",
};

type Responses = Record<string, { description?: string; content?: unknown }>;
type Paths = Record<string, Record<string, { responses?: Responses; security?: Record<string, string[]>[] }>>;

const isError = (status: string) => status === "default" || Number(status) >= 400;

/** Adds the error shapes, and the 401 of a signed operation, wherever a route left them out. */
export function documentErrors(paths: Paths) {
  for (const item of Object.values(paths))
    for (const operation of Object.values(item)) {
      operation.responses ??= {};
      const responses = operation.responses;
      const security = operation.security ?? [];
      if (security.length > 0 && !responses["401"])
        responses["401"] = {
          description: security.some((s) => "internal" in s) ? UNAUTHORIZED.internal : UNAUTHORIZED.jwt,
        };
      for (const [status, response] of Object.entries(responses)) {
        if (!isError(status) || response.content) continue;
        response.content = status === "422" ? UNPROCESSABLE_CONTENT : ERROR_CONTENT;
      }
      const unprocessable = responses["422"];
      if (unprocessable?.content === undefined) continue;
      const schema = (unprocessable.content as Record<string, { schema?: unknown }>)["application/json"]?.schema;
      if (JSON.stringify(schema) === JSON.stringify(ref("ValidationError")))
        unprocessable.content = UNPROCESSABLE_CONTENT;
    }
}
