import { env, SELF } from "cloudflare:test";
import { decodeJwt } from "jose";
import { expect } from "vitest";
import { SEEDED_HASH, SEEDED_PASSWORD } from "./fixtures/password-hashes";

export type AuthRecord = { access_token: string; refresh_token: string; email: string | null; name: string | null };

export const uniqueEmail = (prefix = "user") => `${prefix}-${crypto.randomUUID().slice(0, 12)}@example.test`;

/** A fresh client address, so one test's calls never meet another's rate-limit counters. */
export const uniqueIp = () => {
  const [a, b, c] = crypto.getRandomValues(new Uint8Array(3));
  return `10.${a}.${b}.${c}`;
};

type CallInit = { method?: string; json?: unknown; headers?: Record<string, string>; ip?: string };

/** One HTTP call to the Worker, as a client makes it (`path` is under /api/v2). */
export function call(path: string, init: CallInit = {}): Promise<Response> {
  const headers: Record<string, string> = { "cf-connecting-ip": init.ip ?? uniqueIp(), ...init.headers };
  if (init.json !== undefined) headers["content-type"] = "application/json";
  return SELF.fetch(`http://app.test/api/v2${path}`, {
    method: init.method ?? (init.json === undefined ? "GET" : "POST"),
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
}

export const authHeaders = (record: Pick<AuthRecord, "access_token">) => ({ "jwt-token": record.access_token });
export const refreshHeaders = (record: Pick<AuthRecord, "access_token" | "refresh_token">) => ({
  "jwt-token": record.access_token,
  "refresh-token": record.refresh_token,
});

export async function registerUser(input: { email?: string; password?: string; name?: string } = {}) {
  const email = input.email ?? uniqueEmail();
  const password = input.password ?? "пароль-для-теста-1";
  const res = await call("/users/", {
    json: { consent: true, email, password, name: input.name ?? "Тестовый Пользователь" },
  });
  expect(res.status).toBe(201);
  const record = (await res.json()) as AuthRecord;
  return { email, password, record, userId: Number(decodeJwt(record.access_token).sub) };
}

export async function login(email: string, password: string, ip?: string): Promise<AuthRecord> {
  const res = await call("/users/login", { json: { email, password }, ip });
  expect(res.status).toBe(200);
  return (await res.json()) as AuthRecord;
}

/** An admin row written straight into D1 (as the seeding script does), then a real login. */
export async function createAdmin() {
  const email = uniqueEmail("admin");
  await env.DB.prepare("INSERT INTO users (email, name, password_hash, role) VALUES (?, 'Администратор', ?, 'admin')")
    .bind(email, SEEDED_HASH)
    .run();
  return { email, record: await login(email, SEEDED_PASSWORD) };
}

export async function detailOf(res: Response): Promise<unknown> {
  return ((await res.json()) as { detail: unknown }).detail;
}

/** Sends `count` calls one after another and returns their statuses. */
export async function statuses(count: number, send: (i: number) => Promise<Response>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push((await send(i)).status);
  return out;
}

/** A rate-limit refusal: 429, a Retry-After within the window, and the Russian detail. */
export async function expectTooMany(res: Response, windowSeconds: number) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(await res.json()).toEqual({
    detail: expect.stringMatching(/^Слишком много попыток, повторите через \d+ (с|мин)$/),
  });
}

/** A Telegram user made through the bots' API, and the headers the bots' calls need. */
export async function createBotUser() {
  const externalId = String(Math.floor(Math.random() * 1e12));
  const internal = { "internal-token": "test-internal-token" };
  const created = await SELF.fetch(`http://app.test/internal/api/v2/users/tg/${externalId}`, {
    method: "POST",
    headers: { ...internal, "content-type": "application/json", "cf-connecting-ip": uniqueIp() },
    body: JSON.stringify({ name: "Бот" }),
  });
  expect(created.status).toBe(201);
  return { externalId, internal };
}
