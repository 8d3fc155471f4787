import { createExecutionContext, env, SELF } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { app } from "../../worker/app";
import { TestBrowser } from "./fakes/browser";
import {
  APP,
  expectFailure,
  expectSignedIn,
  fakes,
  identitiesOf,
  internet,
  person,
  routeFetchToFakes,
  signIn,
  type ProviderName,
} from "./fakes/sign-in";

beforeEach(routeFetchToFakes);
afterEach(() => vi.unstubAllGlobals());

const PROVIDERS: ProviderName[] = ["google", "yandex", "vk"];
const ENDPOINTS: Record<ProviderName, { authorize: string; token: string }> = {
  google: { authorize: "https://accounts.google.com/o/oauth2/v2/auth", token: "https://oauth2.googleapis.com/token" },
  yandex: { authorize: "https://oauth.yandex.ru/authorize", token: "https://oauth.yandex.ru/token" },
  vk: { authorize: "https://id.vk.com/authorize", token: "https://id.vk.com/oauth2/auth" },
};

describe.each(PROVIDERS)("sign-in through %s", (provider) => {
  it("redirects to the provider with state and PKCE, in a short-lived cookie only the callback sees", async () => {
    const res = await SELF.fetch(`${APP}/api/v2/users/auth/${provider}`, { redirect: "manual" });
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get("location")!);
    expect(`${to.origin}${to.pathname}`).toBe(ENDPOINTS[provider].authorize);
    expect(to.searchParams.get("response_type")).toBe("code");
    expect(to.searchParams.get("redirect_uri")).toBe(`${APP}/api/v2/users/auth/${provider}/callback`);
    expect(to.searchParams.get("code_challenge_method")).toBe("S256");
    expect(to.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(to.searchParams.get("state")!.length).toBeGreaterThanOrEqual(32);
    if (provider === "vk") expect(to.searchParams.get("scope")).toBe("email");

    const cookie = res.headers.getSetCookie().join("\n");
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=600/i);
    expect(cookie).toContain(`Path=/api/v2/users/auth/${provider}/callback`);
    // The verifier travels only signed in that cookie, never in the URL.
    expect(res.headers.get("location")).not.toContain("code_verifier");
  });

  it("creates the user on first sign-in and finds the same user the next time", async () => {
    const who = person();
    const first = await signIn(provider, who);
    const created = await expectSignedIn(first.landing);
    expect(created.email).toBe(who.email);
    expect(created.name).toBe("Иван Петров");
    expect(await identitiesOf(created.id)).toEqual([{ provider, provider_user_id: who.id, email: who.email }]);

    // The exchange went to the token endpoint with the verifier; the fake checked it against the challenge.
    const exchange = fakes[provider].calls.find((r) => r.url === ENDPOINTS[provider].token);
    const form = new URLSearchParams(exchange!.body);
    expect(form.get("grant_type")).toBe("authorization_code");
    expect(form.get("code")).toBe(first.callbackUrl.searchParams.get("code"));
    expect(form.get("code_verifier")).toBeTruthy();
    if (provider === "vk") expect(form.get("device_id")).toBe(first.callbackUrl.searchParams.get("device_id"));

    const again = await signIn(provider, { ...who, firstName: "Другое имя" });
    const same = await expectSignedIn(again.landing);
    expect(same.id).toBe(created.id);
    expect(await identitiesOf(created.id)).toHaveLength(1);
  });

  it("clears the flow cookie at the callback, so the same return cannot be replayed", async () => {
    const { browser, callbackUrl, landing } = await signIn(provider, person());
    await expectSignedIn(landing);
    expect(browser.cookieNames()).toEqual([]);
    const replay = await browser.get(callbackUrl.toString());
    expectFailure(new URL(replay.headers.get("location")!), 400);
  });

  it("returns to the path given at the start", async () => {
    const { landing } = await signIn(provider, person(), { query: "?next=/chat/42" });
    await expectSignedIn(landing, "/chat/42");
  });

  it("answers a forged state with status=400 and signs nobody in", async () => {
    fakes[provider].person = person();
    const browser = new TestBrowser(APP, internet);
    const atProvider = await browser.follow(await browser.get(`${APP}/api/v2/users/auth/${provider}`));
    const callback = new URL(atProvider.headers.get("location")!);
    callback.searchParams.set("state", "forged-state-of-an-attacker-0123456789");
    const res = await browser.get(callback.toString());
    expect(res.status).toBe(302);
    expectFailure(new URL(res.headers.get("location")!), 400);
    expect(fakes[provider].calls.some((r) => r.url === ENDPOINTS[provider].token)).toBe(false);
  });

  it("answers a missing state with status=400", async () => {
    fakes[provider].person = person();
    const browser = new TestBrowser(APP, internet);
    const atProvider = await browser.follow(await browser.get(`${APP}/api/v2/users/auth/${provider}`));
    const callback = new URL(atProvider.headers.get("location")!);
    callback.searchParams.delete("state");
    expectFailure(new URL((await browser.get(callback.toString())).headers.get("location")!), 400);
  });

  it("answers a return in a browser that did not start the sign-in (no cookie) with status=400", async () => {
    fakes[provider].person = person();
    const starter = new TestBrowser(APP, internet);
    const atProvider = await starter.follow(await starter.get(`${APP}/api/v2/users/auth/${provider}`));
    const other = new TestBrowser(APP, internet);
    expectFailure(new URL((await other.follow(atProvider)).headers.get("location")!), 400);
  });

  it("answers a refusal at the provider with status=401", async () => {
    fakes[provider].consent = "deny";
    const { callbackUrl, landing } = await signIn(provider, person());
    expect(callbackUrl.searchParams.get("error")).toBe("access_denied");
    expectFailure(landing, 401);
  });

  it("answers a token endpoint that is down with status=502", async () => {
    fakes[provider].outage = true;
    expectFailure((await signIn(provider, person())).landing, 502);
  });

  it("answers a code the provider no longer honours (invalid_grant) with status=502", async () => {
    fakes[provider].person = person();
    const browser = new TestBrowser(APP, internet);
    const atProvider = await browser.follow(await browser.get(`${APP}/api/v2/users/auth/${provider}`));
    fakes[provider].codes.clear(); // expired at the provider before the browser came back
    expectFailure(new URL((await browser.follow(atProvider)).headers.get("location")!), 502);
  });
});

describe("external sign-in requests", () => {
  it("refuses a provider whose secrets are not set, in Russian", async () => {
    const bare = { ...env, GOOGLE_CLIENT_ID: undefined, YANDEX_CLIENT_SECRET: undefined, VK_CLIENT_ID: undefined };
    for (const [provider, title] of [
      ["google", "Google"],
      ["yandex", "Яндекс"],
      ["vk", "VK ID"],
    ]) {
      const res = await app.request(`/api/v2/users/auth/${provider}`, {}, bare, createExecutionContext());
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ detail: `Вход через ${title} не настроен` });
    }
  });

  it("answers an unknown provider with 422", async () => {
    const res = await SELF.fetch(`${APP}/api/v2/users/auth/github`, { redirect: "manual" });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { detail: { loc: string[]; msg: string }[] };
    expect(body.detail[0]!.loc).toEqual(["path", "provider"]);
    expect(body.detail[0]!.msg).toContain("Неизвестный способ входа");
  });

  it("refuses a return path that leaves the app", async () => {
    for (const next of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "chat", "/api/v2/users/self"]) {
      const res = await SELF.fetch(`${APP}/api/v2/users/auth/google?next=${encodeURIComponent(next)}`, {
        redirect: "manual",
      });
      expect(res.status, next).toBe(422);
    }
  });

  it("answers a tampered flow cookie with status=400", async () => {
    fakes.google.person = person();
    const browser = new TestBrowser(APP, internet);
    const start = await browser.get(`${APP}/api/v2/users/auth/google`);
    const atProvider = await browser.follow(start);
    const [pair] = start.headers.getSetCookie()[0]!.split(";");
    const [name, jwt] = pair!.split("=");
    const [header, payload, signature] = jwt!.split(".");
    const claims = JSON.parse(atob(payload!.replace(/-/g, "+").replace(/_/g, "/")));
    const forged = btoa(JSON.stringify({ ...claims, next: "/elsewhere" }))
      .replace(/=+$/, "")
      .replace(/\+/g, "-")
      .replace(/\//g, "_");
    const res = await SELF.fetch(atProvider.headers.get("location")!, {
      redirect: "manual",
      headers: { cookie: `${name}=${header}.${forged}.${signature}` },
    });
    expectFailure(new URL(res.headers.get("location")!), 400);
  });

  it("lists the routes in the OpenAPI document", async () => {
    const doc = (await (await SELF.fetch(`${APP}/api/v2/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/v2/users/auth/{provider}",
        "/api/v2/users/auth/{provider}/callback",
        "/api/v2/users/tg/auth",
      ]),
    );
  });
});
