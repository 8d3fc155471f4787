import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { openAPIRouteHandler } from "hono-openapi";
import type { AppEnv } from "./env";
import { ApiError } from "./errors";
import { jsonBodyLimit } from "./http/body-limit";
import { docsPage } from "./http/docs-page";
import { securityHeaders } from "./http/security-headers";
import { accountChanges } from "./routes/account-changes";
import { attachments } from "./routes/attachments";
import { companies } from "./routes/companies";
import { health } from "./routes/health";
import { internalApi } from "./routes/internal";
import { limits } from "./routes/limits";
import { disclaimers } from "./routes/disclaimers";
import { promos } from "./routes/promos";
import { quotas } from "./routes/quotas";
import { folders } from "./routes/folders";
import { mail } from "./routes/mail";
import { oauth } from "./routes/oauth";
import { payments } from "./routes/payments";
import { products } from "./routes/products";
import { share } from "./routes/share";
import { subscriptions } from "./routes/subscriptions";
import { telegramAuth } from "./routes/telegram-auth";
import { topicStreams } from "./routes/topic-streams";
import { topics } from "./routes/topics";
import { users } from "./routes/users";
import { notifications, notificationSend } from "./routes/notifications";
import { statistics } from "./routes/statistics";

// Trailing slashes are optional on every route (docs/architecture.md, "Conventions"): strict mode off.
const api = new Hono<AppEnv>({ strict: false })
  .route("/health", health)
  .route("/users", users)
  .route("/users", accountChanges)
  .route("/users", oauth)
  .route("/users", telegramAuth)
  .route("/mail", mail)
  .route("/topics", topics)
  .route("/topics", topicStreams)
  .route("/limits", limits)
  .route("/products", products)
  .route("/subscriptions", subscriptions)
  .route("/payments", payments)
  .route("/folders", folders)
  .route("/share", share)
  .route("/attachments", attachments)
  .route("/promos", promos)
  .route("/quotas", quotas)
  .route("/disclaimers", disclaimers)
  .route("/companies", companies)
  .route("/notification", notificationSend)
  .route("/notifications", notifications)
  .route("/statistics", statistics);

export type AppType = typeof api;

const app = new Hono<AppEnv>({ strict: false });

// First, so errors, 404s and streams get the headers too; then the body limit, before any route reads a body.
app.use(securityHeaders);
app.use("/api/v2/*", jsonBodyLimit);
app.use("/internal/api/v2/*", jsonBodyLimit);

app.onError((err, c) => {
  if (err instanceof ApiError) return err.toResponse();
  if (err instanceof HTTPException) {
    const detail = err.status === 400 ? "Некорректное тело запроса" : err.message || "Ошибка запроса";
    return new ApiError(err.status, detail).toResponse();
  }
  console.error("unhandled", c.req.method, c.req.path, err);
  return new ApiError(500, "Внутренняя ошибка сервера").toResponse();
});

app.notFound(() => ApiError.notFound().toResponse());

app.route("/api/v2", api);
app.route("/internal/api/v2", internalApi);

app.get(
  "/api/v2/openapi.json",
  openAPIRouteHandler(app, {
    documentation: {
      info: { title: "Ясно API", version: "2.0.0", description: "API русскоязычного ИИ-ассистента «Ясно»" },
      components: {
        securitySchemes: {
          jwt: { type: "apiKey", in: "header", name: "jwt-token" },
          refresh: { type: "apiKey", in: "header", name: "refresh-token" },
          internal: { type: "apiKey", in: "header", name: "internal-token" },
        },
      },
    },
  }),
);
app.get("/api/v2/docs", docsPage);

export { app };
