import { api, API_BASE } from "../../api/client";

export const OAUTH_PROVIDERS = ["vk", "google", "yandex"] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/**
 * Where a VK, Google or Yandex sign-in starts (docs/external-sign-in.md): the Worker sends the
 * browser on to the provider and, once signed in, back to `next` with the tokens in the query.
 */
export function oauthStartUrl(provider: OAuthProvider, next?: string | null): string {
  const path = api.users.auth[":provider"].$path({ param: { provider }, query: next && next !== "/" ? { next } : {} });
  return API_BASE + path;
}

/**
 * The Telegram Login Widget's redirect flow: Telegram asks the user to confirm and sends the
 * browser back to `returnTo` with `#tgAuthResult=<base64 JSON>` (read by the access gate).
 */
export function telegramLoginUrl(botId: string, origin: string, returnTo: string): string {
  const url = new URL("https://oauth.telegram.org/auth");
  url.searchParams.set("bot_id", botId);
  url.searchParams.set("origin", origin);
  url.searchParams.set("request_access", "write");
  url.searchParams.set("return_to", returnTo);
  return url.toString();
}
