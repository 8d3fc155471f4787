/** The three redirect-based sign-in providers (Telegram is a signed widget, not OAuth). */
export const OAUTH_PROVIDERS = ["google", "yandex", "vk"] as const;
export type OAuthProviderName = (typeof OAUTH_PROVIDERS)[number];

/** Who the provider says signed in. `emailVerified` decides whether the e-mail may link accounts. */
export type ExternalProfile = {
  providerUserId: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
};

/** What the provider appended to our callback URL, besides `state`. */
export type CallbackParams = { code: string; state: string; deviceId?: string };

export interface OAuthClient {
  authorizationUrl(state: string, codeVerifier: string): URL;
  /** Exchanges the code and reads the profile; throws on anything the provider got wrong. */
  fetchProfile(callback: CallbackParams, codeVerifier: string): Promise<ExternalProfile>;
}

/** The provider answered, but not with something we can use. */
export class ProviderFailure extends Error {}

export const PROVIDER_TITLES: Record<OAuthProviderName | "tg", string> = {
  google: "Google",
  yandex: "Яндекс",
  vk: "VK ID",
  tg: "Telegram",
};

/** Joins name parts a provider gives separately, skipping the empty ones. */
export const fullName = (...parts: (string | null | undefined)[]): string | null =>
  parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(" ")
    .slice(0, 100) || null;
