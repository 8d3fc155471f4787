import type { User } from "./db/schema";

/**
 * Bindings and vars come from wrangler.toml through `npm run types` (worker-configuration.d.ts);
 * the secrets added here are set with `wrangler secret put` and listed in docs/secrets.md.
 */
declare global {
  namespace Cloudflare {
    interface Env {
      JWT_SECRET: string;
      /** Seals each topic's privacy vault (docs/privacy.md "The vault"). */
      PRIVACY_KEY?: string;
      MAIL_API_KEY?: string;
      GOOGLE_CLIENT_ID?: string;
      GOOGLE_CLIENT_SECRET?: string;
      YANDEX_CLIENT_ID?: string;
      YANDEX_CLIENT_SECRET?: string;
      VK_CLIENT_ID?: string;
      VK_CLIENT_SECRET?: string;
      TELEGRAM_BOT_TOKEN?: string;
      INTERNAL_TOKEN?: string;
      /** AI_PROVIDER = "openai": any OpenAI-compatible endpoint (docs/ai.md). */
      OPENAI_BASE_URL?: string;
      OPENAI_API_KEY?: string;
      OPENAI_MODEL?: string;
      OPENAI_VISION_MODEL?: string;
      /** PAYMENT_PROVIDER = "yookassa": the shop and its secret key (docs/payments.md). */
      YOOKASSA_SHOP_ID?: string;
      YOOKASSA_SECRET_KEY?: string;
      /** "off" turns the law modes' retrieval off: only `npm run bench -- law` sets it (docs/law.md). */
      LAW_RETRIEVAL?: string;
      /** Workers AI, bound in production only (local wrangler dev would need a Cloudflare account). */
      AI?: Ai;
    }
  }
}

export type Env = Cloudflare.Env;

/** Set by requireUser: the caller, and the access token it presented (sid = its session). */
export type AppEnv = {
  Bindings: Env;
  /** Set by requireUser from the token's claims (no D1); `account` by requireAccount, the row from D1. */
  Variables: {
    /** Set first by assignRequestId (worker/http/request-id.ts): Cloudflare's ray id, or a random one. */
    requestId: string;
    user: { id: number; historyShard: number | null };
    account: User;
    userId: number;
    role: "user" | "admin";
    token: { sid: string; jti: string; exp: number; ver: number };
    /**
     * Set by requireSignature instead of `user`: who sends, the sign-in session their token names, their history shard.
     */
    caller: { userId: number; sid: string; ver: number; historyShard: number | null };
    /** Set by a send's handler once the topic's object has checked the caller's sign-in session. */
    turnChecked: boolean;
  };
};
