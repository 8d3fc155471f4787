import type { Env } from "../../../env";
import { googleClient } from "./google";
import type { OAuthClient, OAuthProviderName } from "./provider";
import { vkIdClient } from "./vk-id";
import { yandexClient } from "./yandex";

/** Registered with each provider as the one allowed redirect URI. */
export const callbackUrl = (env: Env, provider: OAuthProviderName) =>
  new URL(`/api/v2/users/auth/${provider}/callback`, env.APP_URL).toString();

/** The provider's client, or null when its secrets are not set (docs/secrets.md). */
export function oauthClient(env: Env, provider: OAuthProviderName): OAuthClient | null {
  const redirectUri = callbackUrl(env, provider);
  switch (provider) {
    case "google":
      return env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? googleClient(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET, redirectUri)
        : null;
    case "yandex":
      return env.YANDEX_CLIENT_ID && env.YANDEX_CLIENT_SECRET
        ? yandexClient(env.YANDEX_CLIENT_ID, env.YANDEX_CLIENT_SECRET, redirectUri)
        : null;
    case "vk":
      return env.VK_CLIENT_ID ? vkIdClient(env.VK_CLIENT_ID, redirectUri) : null;
  }
}

/** The order the sign-in page offers them in (docs/product.md §3: tg, vk, google, yandex). */
const OFFER_ORDER = ["vk", "google", "yandex"] as const satisfies readonly OAuthProviderName[];

/** The providers a sign-in can start with now: exactly those `oauthClient` can build a client for. */
export const configuredOAuthProviders = (env: Env): OAuthProviderName[] =>
  OFFER_ORDER.filter((provider) => oauthClient(env, provider) !== null);
