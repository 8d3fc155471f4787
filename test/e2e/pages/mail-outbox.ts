import { expect, type APIRequestContext } from "@playwright/test";

/** The admin the browser tests' server seeds (scripts/e2e-server.mjs). */
const E2E_ADMIN = { email: "admin@e2e.local", password: "e2e-admin-password" };

/**
 * The path of the recovery link in the newest mail to `to`, read through the admin API
 * (GET /api/v2/mail/outbox). The mail goes out in the background, so it is waited for.
 */
export async function recoveryLinkFor(request: APIRequestContext, to: string): Promise<string> {
  const login = await request.post("/api/v2/users/login", { data: E2E_ADMIN });
  expect(login.status(), await login.text()).toBe(200);
  const { access_token } = (await login.json()) as { access_token: string };
  let path: string | null = null;
  await expect
    .poll(async () => {
      const res = await request.get(`/api/v2/mail/outbox?to=${encodeURIComponent(to)}`, { headers: { "jwt-token": access_token } });
      expect(res.status(), await res.text()).toBe(200);
      const [newest] = (await res.json()) as { text: string }[];
      path = newest?.text.match(/https?:\/\/[^\s/]+(\/recovery\/[A-Za-z0-9_-]+)/)?.[1] ?? null;
      return path;
    })
    .not.toBeNull();
  return path!;
}
