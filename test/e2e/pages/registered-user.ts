import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "@playwright/test";
import { AUTH_STORAGE_KEY, type AuthRecord } from "../../../web/src/features/auth/auth-store";

export type RegisteredUser = { email: string; password: string; name: string; record: AuthRecord };

let counter = 0;

/** Registers a fresh account through the API (POST /api/v2/users/), as the registration page would. */
export async function registerUser(request: APIRequestContext, name = "Анна"): Promise<RegisteredUser> {
  const email = `e2e-${Date.now().toString(36)}-${++counter}@example.com`;
  const password = "e2e-password-1";
  const response = await request.post("/api/v2/users/", { data: { email, password, name, consent: true } });
  expect(response.status(), await response.text()).toBe(201);
  return { email, password, name, record: (await response.json()) as AuthRecord };
}

/**
 * Signs the page in with a registered user's auth record, stored where the auth store keeps it.
 * Only on the tab's first page load: the app rotates the refresh token at start, and putting the
 * old one back on a reload would present a used token (which ends the session, by design).
 */
export async function signIn(page: Page, user: RegisteredUser) {
  await page.addInitScript(
    ([key, record]) => {
      if (sessionStorage.getItem("e2e-signed-in")) return;
      sessionStorage.setItem("e2e-signed-in", "1");
      localStorage.setItem(key, record);
    },
    [AUTH_STORAGE_KEY, JSON.stringify(user.record)] as const,
  );
}

/**
 * Accepts every mode's terms (docs/billing.md) for the user through the API, as the disclaimer
 * dialog does before a first message: for tests about something else that send in law or real-estate mode.
 */
export async function acceptDisclaimers(request: APIRequestContext, user: RegisteredUser) {
  const headers = { "jwt-token": user.record.access_token };
  const list = await request.get("/api/v2/disclaimers/", { headers });
  expect(list.status(), await list.text()).toBe(200);
  for (const terms of (await list.json()) as { assistant_type: string; version: number; accepted: boolean }[]) {
    if (terms.accepted) continue;
    const accepted = await request.post(`/api/v2/disclaimers/${terms.assistant_type}/accept`, {
      headers,
      data: { version: terms.version },
    });
    expect(accepted.status(), await accepted.text()).toBe(200);
  }
}
