import { createExecutionContext, env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Env } from "../../worker/env";
import { app } from "../../worker/app";

const PATH = "/api/v2/users/auth/providers";
type Answer = { providers: string[]; telegram_bot_id: string | null };

/** The endpoint under another configuration, as the existing "not configured" tests vary it. */
async function providersWith(overrides: Partial<Env>): Promise<Response> {
  return app.request(PATH, {}, { ...env, ...overrides }, createExecutionContext());
}

const NOTHING_SET = {
  GOOGLE_CLIENT_ID: undefined,
  GOOGLE_CLIENT_SECRET: undefined,
  YANDEX_CLIENT_ID: undefined,
  YANDEX_CLIENT_SECRET: undefined,
  VK_CLIENT_ID: undefined,
  TELEGRAM_BOT_TOKEN: undefined,
};

describe("GET /users/auth/providers", () => {
  it(
    "lists every configured provider in the sign-in page's order and the bot id, cacheable for five " + "minutes",
    async () => {
      // vitest.worker.config.ts sets the secrets of all four.
      const res = await SELF.fetch(`http://app.test${PATH}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=300");
      expect(await res.json()).toEqual({ providers: ["vk", "google", "yandex"], telegram_bot_id: "123456789" });
    },
  );

  it("takes the trailing slash too, and is not mistaken for a provider called 'providers'", async () => {
    const res = await SELF.fetch(`http://app.test${PATH}/`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as Answer).providers).toEqual(["vk", "google", "yandex"]);
  });

  it("leaves out a provider missing its client id or the secret its flow needs", async () => {
    const res = await providersWith({
      GOOGLE_CLIENT_SECRET: undefined,
      YANDEX_CLIENT_ID: "",
      TELEGRAM_BOT_TOKEN: undefined,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ providers: ["vk"], telegram_bot_id: null });

    // VK ID is a public client: its id alone is enough.
    expect(await (await providersWith({ VK_CLIENT_ID: undefined, VK_CLIENT_SECRET: "unused" })).json()).toEqual({
      providers: ["google", "yandex"],
      telegram_bot_id: "123456789",
    });
  });

  it("offers only what the start route accepts: a listed provider redirects, a left-out one answers 503", async () => {
    const config = { ...env, GOOGLE_CLIENT_SECRET: undefined };
    const { providers } = (await (await app.request(PATH, {}, config, createExecutionContext())).json()) as Answer;
    for (const provider of ["google", "yandex", "vk"]) {
      const start = await app.request(`/api/v2/users/auth/${provider}`, {}, config, createExecutionContext());
      expect(start.status, provider).toBe(providers.includes(provider) ? 302 : 503);
    }
  });

  it("answers empty lists when nothing is configured", async () => {
    const res = await providersWith(NOTHING_SET);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ providers: [], telegram_bot_id: null });
  });

  it("offers no Telegram button for a token that is not shaped like a bot token", async () => {
    for (const token of ["not-a-bot-token", ":secret", "12ab:secret", "123456789:"]) {
      expect(
        ((await (await providersWith({ TELEGRAM_BOT_TOKEN: token })).json()) as Answer).telegram_bot_id,
        token,
      ).toBeNull();
    }
  });

  it("never gives out a secret: only the bot id, the public part of the token", async () => {
    const secrets = {
      GOOGLE_CLIENT_SECRET: "google-secret-value-7d1f",
      YANDEX_CLIENT_SECRET: "yandex-secret-value-2c9e",
      VK_CLIENT_SECRET: "vk-secret-value-88aa",
      TELEGRAM_BOT_TOKEN: "987654321:AAH-telegram-secret-part-51b0",
      JWT_SECRET: "jwt-secret-value-that-is-long-enough-0000",
      INTERNAL_TOKEN: "internal-token-value-4e4e",
    };
    const res = await providersWith(secrets);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({ providers: ["vk", "google", "yandex"], telegram_bot_id: "987654321" });
    for (const value of [...Object.values(secrets), "AAH-telegram-secret-part-51b0"]) expect(body).not.toContain(value);
    // Nor does any header carry one.
    const headers = [...res.headers].map(([name, value]) => `${name}: ${value}`).join("\n");
    for (const value of Object.values(secrets)) expect(headers).not.toContain(value);
  });

  it("is described in the OpenAPI document", async () => {
    const doc = (await (await SELF.fetch("http://app.test/api/v2/openapi.json")).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.paths["/api/v2/users/auth/providers"]?.get).toBeDefined();
  });
});
