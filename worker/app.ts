import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "./env";
import { ApiError } from "./http/errors";
import { jsonBodyLimit } from "./http/body-limit";
import { bodilessReads } from "./http/bodiless-reads";
import { openApiDocument } from "./http/openapi-document";
import { docsPage } from "./http/docs-page";
import { securityHeaders } from "./http/security-headers";
import { accountChanges } from "./accounts/routes/account-changes";
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
import { oauth } from "./accounts/routes/oauth";
import { paymentRefunds } from "./billing/routes/payment-refunds";
import { payments } from "./billing/routes/payments";
import { sandboxCheckout } from "./billing/routes/sandbox-checkout";
import { yookassaNotifications } from "./billing/routes/yookassa-notifications";
import { products } from "./billing/routes/products";
import { share } from "./conversations/routes/share";
import { sharePage } from "./conversations/routes/share-page";
import { subscriptions } from "./billing/routes/subscriptions";
import { telegramAuth } from "./accounts/routes/telegram-auth";
import { topicExport } from "./conversations/routes/export";
import { feedback } from "./conversations/routes/feedback";
import { topicStreams } from "./conversations/routes/topic-streams";
import { versions } from "./conversations/routes/versions";
import { topicSearch } from "./conversations/routes/search";
import { topics } from "./conversations/routes/topics";
import { users } from "./accounts/routes/users";
import { notifications, notificationSend } from "./accounts/routes/notifications";
import { statistics } from "./operations/routes/statistics";
import { consent, legal } from "./accounts/routes/legal";
import { accountData } from "./accounts/routes/account-data";
import { searchIndex } from "./operations/routes/search-index";
import { shards } from "./operations/routes/shards";

// Trailing slashes are optional on every route (docs/architecture.md, "Conventions"): strict mode off.
const api = new Hono<AppEnv>({ strict: false })
  .route("/health", health)
  .route("/users", users)
  .route("/users", accountChanges)
  .route("/users", oauth)
  .route("/users", telegramAuth)
  .route("/users", consent)
  .route("/users", accountData)
  .route("/mail", mail)
  .route("/topics", topicSearch)
  .route("/topics", topics)
  .route("/topics", topicStreams)
  .route("/topics", versions)
  .route("/topics", feedback)
  .route("/topics", topicExport)
  .route("/limits", limits)
  .route("/products", products)
  .route("/subscriptions", subscriptions)
  // The webhook, the sandbox checkout, the user's calls and the admin's refund, in that order.
  .route("/payments", yookassaNotifications)
  .route("/payments", sandboxCheckout)
  .route("/payments", payments)
  .route("/payments", paymentRefunds)
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
  .route("/legal", legal);

export type AppType = typeof api;

const app = new Hono<AppEnv>({ strict: false });

// First, so errors, 404s and streams get the headers too; then a read's body is dropped and any other body
// limited, before any route reads one.
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
  console.error("unhandled", c.req.method, c.req.path, err);
  return new ApiError(500, "Внутренняя ошибка сервера").toResponse();
});

app.notFound(() => ApiError.notFound().toResponse());

app.route("/api/v2", api);
// The page a share link opens: its first screen with the conversation (the SPA's other pages are the static assets').
app.route("/share", sharePage);
app.route("/internal/api/v2", internalApi);

app.get("/api/v2/openapi.json", async (c) => c.json(await openApiDocument(app, c)));
app.get("/api/v2/docs", docsPage);

export { app };
