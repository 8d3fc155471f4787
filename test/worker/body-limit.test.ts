import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, detailOf, uniqueEmail, uniqueIp } from "./helpers";
import { newUser, upload } from "./fixtures/uploads";

const MB = 1024 * 1024;
const TOO_LARGE = "Слишком большой запрос: не больше 1 МБ";

/** A registration body of exactly `size` bytes (padding in a field the schema does not know). */
function registrationOf(size: number, email: string): string {
  const empty = JSON.stringify({ email, password: "пароль-для-теста-1", name: "Большой", consent: true, pad: "" });
  const pad = "x".repeat(size - new TextEncoder().encode(empty).length);
  return JSON.stringify({ email, password: "пароль-для-теста-1", name: "Большой", consent: true, pad });
}

const userCount = async (email: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE email = ?").bind(email).first<{ n: number }>())!.n;

/** A body streamed in chunks with no Content-Length (Transfer-Encoding: chunked). */
function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(at, at + 64 * 1024));
      at += 64 * 1024;
    },
  });
}

describe("JSON bodies over 1 MB are refused before they are read", () => {
  it("1 MB + 1 byte with its Content-Length → 413 in Russian, nobody registered", async () => {
    const email = uniqueEmail("big");
    const body = registrationOf(MB + 1, email);
    expect(new TextEncoder().encode(body).length).toBe(MB + 1);
    const res = await SELF.fetch("http://app.test/api/v2/users/", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": uniqueIp() },
      body,
    });
    expect(res.status).toBe(413);
    expect(await detailOf(res)).toBe(TOO_LARGE);
    expect(await userCount(email)).toBe(0);
  });

  it("exactly 1 MB is still read (the registration goes through)", async () => {
    const email = uniqueEmail("edge");
    const res = await SELF.fetch("http://app.test/api/v2/users/", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": uniqueIp() },
      body: registrationOf(MB, email),
    });
    expect(res.status).toBe(201);
    expect(await userCount(email)).toBe(1);
  });

  it("a chunked body with no Content-Length is stopped as it passes 1 MB → 413, nobody registered", async () => {
    const email = uniqueEmail("chunked");
    const res = await SELF.fetch("http://app.test/api/v2/users/", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": uniqueIp() },
      body: chunked(registrationOf(2 * MB, email)),
    });
    expect(res.status).toBe(413);
    expect(await detailOf(res)).toBe(TOO_LARGE);
    expect(await userCount(email)).toBe(0);
  });

  it("a Content-Length that lies (says 100 bytes, sends 2 MB) does not get the body past the limit", async () => {
    const email = uniqueEmail("liar");
    const res = await SELF.fetch("http://app.test/api/v2/users/", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": "100", "cf-connecting-ip": uniqueIp() },
      body: chunked(registrationOf(2 * MB, email)),
    }).catch((err: unknown) => err);
    // Counted as it arrives, whatever the header says (or the runtime refuses the request at once).
    if (res instanceof Response) {
      expect(res.status).toBe(413);
      expect(await detailOf(res)).toBe(TOO_LARGE);
    }
    expect(await userCount(email)).toBe(0);
  });

  it("the bots' API too: a 2 MB body on a JSON route → 413", async () => {
    const res = await SELF.fetch(`http://app.test/internal/api/v2/utm/tg/${Date.now()}`, {
      method: "POST",
      headers: {
        "internal-token": "test-internal-token",
        "content-type": "application/json",
        "cf-connecting-ip": uniqueIp(),
      },
      body: JSON.stringify({ source: "x".repeat(2 * MB) }),
    });
    expect(res.status).toBe(413);
    expect(await detailOf(res)).toBe(TOO_LARGE);
  });

  it("uploads keep their own, larger limit: a 3 MB text file is stored", async () => {
    const { record } = await newUser();
    const text = new TextEncoder().encode("Договор аренды. ".repeat((3 * MB) / 16));
    const res = await upload(record, text, "договор.txt", "text/plain");
    expect(res.status, await res.clone().text()).toBe(201);
  });
});

describe("the utm map at registration is bounded", () => {
  const register = (utm: unknown) =>
    call("/users/", { json: { consent: true, email: uniqueEmail("utm"), password: "пароль-для-теста-1", utm } });

  it("20 short tags are kept", async () => {
    const utm = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`tag${i}`, `value${i}`]));
    expect((await register(utm)).status).toBe(201);
  });

  it.each([
    ["21 keys", Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`tag${i}`, "v"])), "utm: не больше 20 меток"],
    ["a key of 65 characters", { ["k".repeat(65)]: "v" }, "utm: ключ не длиннее 64 символов"],
    ["a value of 501 characters", { source: "v".repeat(501) }, "utm: значение не длиннее 500 символов"],
    ["a value that is not a string", { source: 5 }, "utm: значения должны быть строками"],
  ])("%s → 422 in Russian, nobody registered", async (_, utm, message) => {
    const email = uniqueEmail("utm");
    const res = await call("/users/", { json: { consent: true, email, password: "пароль-для-теста-1", utm } });
    expect(res.status).toBe(422);
    expect(JSON.stringify(await detailOf(res))).toContain(message);
    expect(await userCount(email)).toBe(0);
  });
});
