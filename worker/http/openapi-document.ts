import type { Context, Hono } from "hono";
import { generateSpecs } from "hono-openapi";
import type { AppEnv } from "../env";
import { documentErrors, errorSchemas } from "./openapi-errors";

// `/api/v2/openapi.json`, built from the routes' own descriptions and validators. Every operation
// says which security it needs (worker/http/openapi.ts); the document's default is `jwt-token`.

type ResponseObject = Exclude<
  NonNullable<Parameters<typeof generateSpecs>[1]>["defaultValidationErrorResponse"],
  boolean | undefined
>;

const VALIDATION_ERROR: ResponseObject = {
  description: "Ошибка в запросе: `{detail: [{loc, msg, type}]}`, сообщения по-русски",
  content: { "application/json": { schema: { $ref: "#/components/schemas/ValidationError" } } },
};

/**
 * What any operation may answer whatever it does: the body limit runs before every route
 * (worker/http/body-limit.ts), and anything unexpected is a 500 with a Russian detail (app.ts).
 */
const EVERY_OPERATION = {
  responses: {
    413: { description: "Слишком большой запрос: не больше 1 МБ (загрузка файла — свой предел)" },
    default: { description: "Непредвиденная ошибка сервера: `{detail}` по-русски" },
  },
};

type Parameter = { name: string; in: string; description?: string; "x-route-param"?: string };
type Operation = {
  responses?: Record<string, { description?: string; content?: unknown }>;
  parameters?: Parameter[];
  security?: Record<string, string[]>[];
};
type Paths = Record<string, Record<string, Operation>>;

/**
 * Some URLs of the contract share a template with different meanings by method
 * (`GET /topics/{status}/{type}`, `PUT /topics/{topicId}/{folderId}`); OpenAPI wants one path for
 * them, so the segment is named after both (`{statusOrTopicId}`) and each operation's parameter
 * says what it means there (`x-route-param` keeps the route's own name, which its 422s use).
 */
function mergeIdenticalPaths(paths: Paths): Paths {
  const shape = (path: string) => path.replace(/\{[^}]+\}/g, "{}");
  const namesOf = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const merged: Paths = {};
  for (const [path, item] of Object.entries(paths)) {
    const twin = Object.keys(merged).find((other) => other !== path && shape(other) === shape(path));
    if (!twin) {
      merged[path] = { ...item };
      continue;
    }
    const [mine, theirs] = [namesOf(path), namesOf(twin)];
    const names = theirs.map((name, i) =>
      name === mine[i] ? name : `${name}Or${mine[i]![0]!.toUpperCase()}${mine[i]!.slice(1)}`,
    );
    const rename = (operations: Record<string, Operation>, from: string[]) =>
      Object.fromEntries(
        Object.entries(operations).map(([method, op]) => [
          method,
          {
            ...op,
            parameters: op.parameters?.map((p) =>
              p.in === "path" && from.includes(p.name)
                ? {
                    ...p,
                    name: names[from.indexOf(p.name)]!,
                    description: p.description ?? `Здесь: ${p.name}`,
                    "x-route-param": p.name,
                  }
                : p,
            ),
          },
        ]),
      );
    let at = 0;
    const shared = twin.replace(/\{[^}]+\}/g, () => `{${names[at++]}}`);
    const combined = { ...rename(merged[twin]!, theirs), ...rename(item, mine) };
    delete merged[twin];
    merged[shared] = combined;
  }
  return merged;
}

/**
 * hono-openapi puts a validator's failure under 400; ours is a 422 (worker/http/validate.ts), so
 * it moves there, keeping an operation's own words for its 422 and adding the shape.
 */
function validationErrorsAs422(paths: Paths) {
  for (const item of Object.values(paths))
    for (const operation of Object.values(item)) {
      const responses = operation.responses;
      if (responses?.["400"]?.description !== VALIDATION_ERROR.description) continue;
      delete responses["400"];
      responses["422"] = { ...VALIDATION_ERROR, ...responses["422"] };
    }
}

export async function openApiDocument(app: Hono<AppEnv>, c: Context<AppEnv>) {
  const origin = new URL(c.req.url).origin;
  const document = await generateSpecs(
    app,
    {
      documentation: {
        info: {
          title: "Ясно API",
          version: "2.0.0",
          description: "API русскоязычного ИИ-ассистента «Ясно»",
          license: { name: "Проприетарная лицензия", identifier: "LicenseRef-Yasno-Proprietary" },
        },
        // The server the document came from, so a client generated from it calls this deployment.
        servers: [{ url: origin, description: "Этот сервер" }],
        security: [{ jwt: [] }],
        components: {
          securitySchemes: {
            jwt: { type: "apiKey", in: "header", name: "jwt-token" },
            refresh: { type: "apiKey", in: "header", name: "refresh-token" },
            internal: { type: "apiKey", in: "header", name: "internal-token" },
          },
        },
      },
      defaultValidationErrorResponse: VALIDATION_ERROR,
      defaultOptions: {
        GET: EVERY_OPERATION,
        POST: EVERY_OPERATION,
        PUT: EVERY_OPERATION,
        PATCH: EVERY_OPERATION,
        DELETE: EVERY_OPERATION,
      },
    },
    c,
  );
  validationErrorsAs422(document.paths as Paths);
  documentErrors(document.paths as Paths);
  const components = { ...document.components, schemas: { ...document.components?.schemas, ...errorSchemas } };
  return { ...document, components, paths: mergeIdenticalPaths(document.paths as Paths) };
}
