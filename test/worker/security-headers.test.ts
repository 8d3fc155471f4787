import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import headersFile from "../../web/public/_headers?raw";
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS, staticHeadersFile } from "../../worker/http/security-headers";
import { makePng } from "./fixtures/files";
import { uploadOk } from "./fixtures/uploads";
import { authHeaders, call, createAdmin, registerUser, uniqueIp } from "./helpers";
import { newAccount, resumeStream, startTopic } from "./streams-helpers";

function expectSecurityHeaders(res: Response, what: string) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS))
    expect(res.headers.get(name), `${what}: ${name}`).toBe(value);
}

let user: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  user = await registerUser();
});

describe("the policy itself", () => {
  it("has no inline script, no framing and no foreign images or connections", () => {
    const directives = Object.fromEntries(
      CONTENT_SECURITY_POLICY.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1).join(" ")]),
    );
    expect(directives["script-src"]).toBe("'self'");
    expect(directives["frame-ancestors"]).toBe("'none'");
    expect(directives["img-src"]).toBe("'self' data: blob:");
    expect(directives["connect-src"]).toBe("'self'");
    expect(directives["object-src"]).toBe("'none'");
    expect(CONTENT_SECURITY_POLICY).not.toContain("unsafe-eval");
    expect(SECURITY_HEADERS["Permissions-Policy"]).toContain("microphone=(self)");
  });

  it("the SPA's web/public/_headers says the same as the Worker (made by staticHeadersFile)", () => {
    expect(headersFile).toBe(staticHeadersFile());
  });
});

describe("every kind of API answer carries the security headers", () => {
  it.each([
    ["JSON 200", () => call("/health")],
    ["401", () => call("/users/self")],
    ["404 of an unknown path", () => call("/nothing/here")],
    ["404 of the bots' API", () => SELF.fetch("http://app.test/internal/api/v2/nothing")],
    ["422", () => call("/users/login", { json: {} })],
    [
      "413",
      () =>
        SELF.fetch("http://app.test/api/v2/users/", {
          method: "POST",
          headers: { "content-type": "application/json", "cf-connecting-ip": uniqueIp() },
          body: "x".repeat(1024 * 1024 + 1),
        }),
    ],
    [
      "a malformed JSON body (400)",
      () =>
        SELF.fetch("http://app.test/api/v2/users/login", {
          method: "POST",
          headers: { "content-type": "application/json", "cf-connecting-ip": uniqueIp() },
          body: "{",
        }),
    ],
    ["OPTIONS", () => SELF.fetch("http://app.test/api/v2/health", { method: "OPTIONS" })],
    ["the OpenAPI document", () => call("/openapi.json")],
  ])("%s", async (what, send) => {
    const res = await send();
    expectSecurityHeaders(res, what);
    await res.body?.cancel();
  });

  it("a streamed reply, as it starts and when resumed from the Durable Object", async () => {
    const account = await newAccount();
    const started = await startTopic(account, "Что такое залог?");
    expect(started.status).toBe(200);
    expectSecurityHeaders(started, "start stream");
    const topicId = Number((await started.text()).split("\n")[0]);
    const resumed = await resumeStream(account, topicId);
    expectSecurityHeaders(resumed, "resumed stream");
    await resumed.body?.cancel();
  });

  it("an attachment's bytes", async () => {
    const body = await uploadOk(user.record, await makePng(), "фото.png");
    const res = await SELF.fetch(`http://app.test${body.url}`);
    expect(res.status).toBe(200);
    expectSecurityHeaders(res, "attachment");
    await res.body?.cancel();
  });

  it("the sandbox's checkout page (HTML with its own form posting to itself)", async () => {
    const admin = authHeaders((await createAdmin()).record);
    const plans = (await (await call("/subscriptions/", { headers: admin })).json()) as { id: number; price: number }[];
    const res = await call(`/payments/${plans.find((p) => p.price > 0)!.id}`, {
      method: "POST",
      headers: authHeaders(user.record),
    });
    const url = (await res.json()) as string;
    const page = await SELF.fetch(url.replace(env.APP_URL, "http://app.test"));
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expectSecurityHeaders(page, "checkout");
    const html = await page.text();
    expect(html).not.toMatch(/<script/i);
    expect(html).toMatch(/<form method="post" action="\/api\/v2\/payments\/sandbox\//);
  });

  it("/api/v2/docs: its own policy, whose fresh nonce is on each of its scripts and nothing else inline", async () => {
    const first = await call("/docs");
    expect(first.status).toBe(200);
    const policy = first.headers.get("content-security-policy")!;
    const nonce = /'nonce-([^']+)'/.exec(policy)![1]!;
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toMatch(/script-src 'nonce-[^']+' https:\/\/cdn\.jsdelivr\.net;/);
    for (const name of ["X-Content-Type-Options", "Referrer-Policy", "Permissions-Policy", "X-Frame-Options"])
      expect(first.headers.get(name), name).toBe(SECURITY_HEADERS[name]);
    const html = await first.text();
    const scripts = html.match(/<script[^>]*>/g)!;
    expect(scripts.length).toBe(2);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(html).toContain("SwaggerUIBundle");
    expect(html).toContain("/api/v2/openapi.json");
    const second = await call("/docs");
    expect(second.headers.get("content-security-policy")).not.toBe(policy);
    await second.body?.cancel();
  });
});
