import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { paymentCancel } from "./payment-cancel";
import { paymentRefunds } from "./payment-refunds";
import { payments } from "./payments";
import { sandboxCheckout } from "./sandbox-checkout";
import { yookassaNotifications } from "./yookassa-notifications";

/** Everything under `/payments`: ЮKassa's webhook, the sandbox checkout, the user's calls (a cancel too) and the admin's refund. */
export const paymentRoutes = new Hono<AppEnv>()
  // Called by ЮKassa, not by a signed-in user.
  .route("/", yookassaNotifications)
  .route("/", sandboxCheckout)
  .route("/", payments)
  .route("/", paymentCancel)
  .route("/", paymentRefunds);
