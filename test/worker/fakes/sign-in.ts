import { env, SELF } from "cloudflare:test";
import { expect, vi } from "vitest";
import { TestBrowser } from "./browser";
import { FakeGoogle, fakeInternet, FakeVkId, FakeYandex, type Person } from "./oauth-providers";

export const APP = new URL(env.APP_URL).origin;
export type ProviderName = "google" | "yandex" | "vk";

const redirectUri = (p: ProviderName) => `${APP}/api/v2/users/auth/${p}/callback`;

export const fakes = {
  google: new FakeGoogle({
    clientId: env.GOOGLE_CLIENT_ID!,
    clientSecret: env.GOOGLE_CLIENT_SECRET!,
    redirectUri: redirectUri("google"),
  }),
  yandex: new FakeYandex({
    clientId: env.YANDEX_CLIENT_ID!,
    clientSecret: env.YANDEX_CLIENT_SECRET!,
    redirectUri: redirectUri("yandex"),
  }),
  vk: new FakeVkId({ clientId: env.VK_CLIENT_ID!, clientSecret: null, redirectUri: redirectUri("vk") }),
};

const realFetch = globalThis.fetch;
export const internet = fakeInternet(Object.values(fakes), realFetch);

/** The Worker runs in the test's isolate, so its outbound fetch is this router while tests run. */
export function routeFetchToFakes(): void {
  for (const fake of Object.values(fakes)) fake.reset();
  vi.stubGlobal("fetch", internet);
}

let seq = 0;
/** Distinct per call: tests share one database. */
export const unique = (prefix = "") => `${prefix}${String(Date.now()).slice(-9)}${String(++seq).padStart(4, "0")}`;

export function person(overrides: Partial<Person> = {}): Person {
  const id = unique();
  return { id, email: `p${id}@example.com`, emailVerified: true, firstName: "Иван", lastName: "Петров", ...overrides };
}

/** Start → the provider's page → our callback, one hop at a time as a browser would go. */
export async function signIn(
  provider: ProviderName,
  who: Person | null,
  options: { browser?: TestBrowser; query?: string } = {},
) {
  fakes[provider].person = who;
  const browser = options.browser ?? new TestBrowser(APP, internet);
  const start = await browser.get(`${APP}/api/v2/users/auth/${provider}${options.query ?? ""}`);
  expect(start.status).toBe(302);
  const atProvider = await browser.follow(start);
  expect(atProvider.status).toBe(302);
  const callbackUrl = new URL(atProvider.headers.get("location")!);
  const back = await browser.follow(atProvider);
  expect(back.status).toBe(302);
  return { browser, start, atProvider, callbackUrl, back, landing: new URL(back.headers.get("location")!) };
}

export type Self = { id: number; email: string | null; name: string | null; role: string };

/** The landing URL carries tokens that work: /users/self answers, the refresh token rotates. */
export async function expectSignedIn(landing: URL, path = "/"): Promise<Self> {
  expect(landing.origin).toBe(APP);
  expect(landing.pathname).toBe(path);
  expect(landing.searchParams.has("status")).toBe(false);
  const access = landing.searchParams.get("access_token");
  const refresh = landing.searchParams.get("refresh_token");
  expect(access).toBeTruthy();
  expect(refresh).toBeTruthy();

  const self = await SELF.fetch(`${APP}/api/v2/users/self`, { headers: { "jwt-token": access! } });
  expect(self.status).toBe(200);
  const rotated = await SELF.fetch(`${APP}/api/v2/users/token/refresh`, {
    method: "POST",
    headers: { "jwt-token": access!, "refresh-token": refresh! },
  });
  expect(rotated.status).toBe(200);
  return (await self.json()) as Self;
}

export function expectFailure(landing: URL, status: number): void {
  expect(`${landing.origin}${landing.pathname}`).toBe(`${APP}/login`);
  expect(landing.searchParams.get("status")).toBe(String(status));
  expect(landing.searchParams.has("access_token")).toBe(false);
}

export async function identitiesOf(userId: number) {
  const { results } = await env.DB.prepare(
    "SELECT provider, provider_user_id, email FROM identities WHERE user_id = ? ORDER BY id",
  )
    .bind(userId)
    .all();
  return results;
}

export async function usersWithIdentity(provider: ProviderName | "tg", providerUserId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM identities WHERE provider = ? AND provider_user_id = ?")
    .bind(provider, providerUserId)
    .first<{ n: number }>();
  return row!.n;
}
