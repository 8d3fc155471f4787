import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "./env";
import { ApiError } from "./http/errors";
import { jsonBodyLimit } from "./http/body-limit";
import { bodilessReads } from "./http/bodiless-reads";
import { openApiDocument } from "./http/openapi-document";
import { docsPage } from "./http/docs-page";
import { securityHeaders } from "./http/security-headers";
import { assignRequestId } from "./http/request-id";
import { requestLog } from "./http/request-log";
import { serverErrorText } from "./http/server-error";
import { attachments } from "./conversations/routes/attachments";
import { privacy } from "./conversations/routes/privacy";
import { companies } from "./companies/routes/companies";
import { health } from "./operations/routes/health";
import { internalApi } from "./operations/routes/internal";
import { limits } from "./billing/routes/limits";
import { disclaimers } from "./billing/routes/disclaimers";
import { promos } from "./billing/routes/promos";
import { quotas } from "./billing/routes/quotas";
import { folders } from "./conversations/routes/folders";
import { mail } from "./operations/routes/mail";
import { products } from "./billing/routes/products";
import { share } from "./conversations/routes/share";
import { sharePage } from "./conversations/routes/share-page";
import { telegramWebhook } from "./operations/routes/telegram-webhook";
import { subscriptions } from "./billing/routes/subscriptions";
import { notifications, notificationSend } from "./accounts/routes/notifications";
import { statistics } from "./operations/routes/statistics";
import { legal } from "./accounts/routes/legal";
import { userRoutes } from "./accounts/routes";
import { topicRoutes } from "./conversations/routes";
import { paymentRoutes } from "./billing/routes";
import { searchIndex } from "./operations/routes/search-index";
import { shards } from "./operations/routes/shards";
import { contextStorage } from "hono/context-storage";
import { law } from "./law/routes/law";

// Trailing slashes are optional on every route (docs/architecture.md, "Conventions"): strict mode off.
const api = new Hono<AppEnv>({ strict: false })
  .route("/health", health)
  .route("/users", userRoutes)
  .route("/mail", mail)
  .route("/topics", topicRoutes)
  .route("/limits", limits)
  .route("/products", products)
  .route("/subscriptions", subscriptions)
  .route("/payments", paymentRoutes)
  .route("/folders", folders)
  .route("/share", share)
  .route("/attachments", attachments)
  .route("/privacy", privacy)
  .route("/promos", promos)
  .route("/quotas", quotas)
  .route("/disclaimers", disclaimers)
  .route("/companies", companies)
  .route("/notification", notificationSend)
  .route("/notifications", notifications)
  .route("/statistics", statistics)
  .route("/search", searchIndex)
  .route("/shards", shards)
  .route("/legal", legal)
  .route("/law", law);

export type AppType = typeof api;

const app = new Hono<AppEnv>({ strict: false });

// The request's context (for logEvent's lines), its id and its log line first, so they see every answer;
// then the security headers, so errors, 404s and streams get them too; then a read's body is dropped and
// any other body limited, before any route reads one.
app.use(contextStorage());
app.use(assignRequestId);
app.use(requestLog);
app.use(securityHeaders);
app.use(bodilessReads);
app.use("/api/v2/*", jsonBodyLimit);
app.use("/internal/api/v2/*", jsonBodyLimit);

app.onError((err, c) => {
  if (err instanceof ApiError) return err.toResponse();
  if (err instanceof HTTPException) {
    const detail = err.status === 400 ? "Некорректное тело запроса" : err.message || "Ошибка запроса";
    return new ApiError(err.status, detail).toResponse();
  }
  // Logged with its stack by requestLog (c.error); the user gets the id to quote to support.
  return new ApiError(500, serverErrorText(c.var.requestId)).toResponse();
});

app.notFound(() => ApiError.notFound().toResponse());

app.route("/api/v2", api);
// The page a share link opens: its first screen with the conversation (the SPA's other pages are the static assets').
app.route("/share", sharePage);
app.route("/internal/api/v2", internalApi);
app.route("/telegram", telegramWebhook);

app.get("/api/v2/openapi.json", async (c) => c.json(await openApiDocument(app, c)));
app.get("/api/v2/docs", docsPage);

export { app };
