import type { ContentfulStatusCode } from "hono/utils/http-status";

export type ValidationIssue = { loc: (string | number)[]; msg: string; type: string };

/** The one error the API answers with: FastAPI-shaped, because the web app reads `detail`. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly detail: string | ValidationIssue[],
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof detail === "string" ? detail : "Ошибка проверки данных");
  }

  toResponse(): Response {
    return Response.json({ detail: this.detail }, { status: this.status, headers: this.headers });
  }

  static badRequest = (detail: string) => new ApiError(400, detail);
  static unauthorized = (detail = "Требуется авторизация") => new ApiError(401, detail);
  static forbidden = (detail = "Недостаточно прав") => new ApiError(403, detail);
  static notFound = (detail = "Не найдено") => new ApiError(404, detail);
  static conflict = (detail: string) => new ApiError(409, detail);
  static tooMany = (retryAfterSeconds: number, detail = "Слишком много попыток, повторите позже") =>
    new ApiError(429, detail, { "Retry-After": String(retryAfterSeconds) });
}
