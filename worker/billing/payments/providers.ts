import type { Env } from "../../env";
import { ApiError } from "../../http/errors";
import { sandboxProvider } from "./sandbox";
import { PROVIDER_TEXTS, type PaymentProvider } from "./types";
import { yookassaProvider } from "./yookassa";

/**
 * The adapter of `name` (by default the one taking new payments, `PAYMENT_PROVIDER`); 503 with a
 * Russian detail when it is unknown or, for YooKassa, its secrets are not set.
 */
export function paymentProvider(env: Env, name: string = env.PAYMENT_PROVIDER): PaymentProvider {
  if (name === "sandbox") return sandboxProvider(env);
  if (name === "yookassa" && env.YOOKASSA_SHOP_ID && env.YOOKASSA_SECRET_KEY) {
    return yookassaProvider({
      apiUrl: env.YOOKASSA_API_URL || "https://api.yookassa.ru/v3",
      shopId: env.YOOKASSA_SHOP_ID,
      secretKey: env.YOOKASSA_SECRET_KEY,
    });
  }
  throw new ApiError(503, PROVIDER_TEXTS.unavailable);
}
