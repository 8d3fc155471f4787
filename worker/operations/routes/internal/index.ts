import { Hono } from "hono";
import type { AppEnv } from "../../../env";
import { requireInternal } from "../../../middleware/internal";
import { internalAttachments } from "./attachments";
import { internalDisclaimers } from "./disclaimers";
import { internalLinkTokens } from "./link-tokens";
import { internalLimits, internalQuotas } from "./limits";
import { internalMessages } from "./messages";
import { internalNotices } from "./notices";
import { internalPayments } from "./payments";
import { internalPlans } from "./plans";
import { internalPromos } from "./promos";
import { internalSignals } from "./signals";
import { internalTopics } from "./topics";
import { internalUsers } from "./users";
import { internalUtm } from "./utm";

/** The chat bots' API (docs/operations.md), mounted at /internal/api/v2: every call needs internal-token. */
export const internalApi = new Hono<AppEnv>({ strict: false })
  .use(requireInternal)
  .route("/users", internalUsers)
  .route("/users", internalLinkTokens)
  .route("/utm", internalUtm)
  .route("/attachments", internalAttachments)
  .route("/topics", internalTopics)
  .route("/messages", internalMessages)
  .route("/payments", internalPayments)
  .route("/plans", internalPlans)
  .route("/limits", internalLimits)
  .route("/quotas", internalQuotas)
  .route("/disclaimers", internalDisclaimers)
  .route("/promos", internalPromos)
  .route("/signals", internalSignals)
  .route("/notices", internalNotices);
