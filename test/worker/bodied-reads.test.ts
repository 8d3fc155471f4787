import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { authHeaders, registerUser, uniqueIp } from "./helpers";

/**
 * A GET or HEAD as it may arrive from the network, with a body (HTTP gives it no meaning). workerd's
 * fetch() refuses to send one, so the request is handed to the Worker's fetch entry as the runtime
 * hands it one: a bodiless request that still carries the bytes.
 */
async function bodied(path: string, method: "GET" | "HEAD", headers: Record<string, string> = {}) {
  const request = new Request(`http://app.test${path}`, {
    method,
    headers: { "content-type": "application/json", "content-length": "16", "cf-connecting-ip": uniqueIp(), ...headers },
  });
  Object.defineProperty(request, "body", { value: new Blob(['{"ignored":true}']).stream() });
  const ctx = createExecutionContext();
  const res = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

afterEach(() => vi.restoreAllMocks());

describe("a GET or HEAD that arrives with a body answers as if it had none", () => {
  it.each([
    ["the health check", "/api/v2/health", 200],
    ["the products, without authentication", "/api/v2/products/", 200],
    ["a call that needs a token, sent without one", "/api/v2/users/self", 401],
    ["an unknown path", "/api/v2/nothing/here", 404],
    ["a share link that does not exist", "/api/v2/share/topic/history/AAAAAAAAAAAAAAAAAAAAAA", 404],
    ["the bots' API without its token", "/internal/api/v2/users/tg/1", 401],
  ])("%s, by GET and by HEAD: the usual status, and no log line", async (_, path, status) => {
    const logged = vi.spyOn(console, "error");
    for (const method of ["GET", "HEAD"] as const) {
      const res = await bodied(path, method);
      expect(res.status, `${method} ${path}`).toBe(status);
      await res.arrayBuffer();
    }
    expect(logged).not.toHaveBeenCalled();
  });

  it("a signed-in GET with a body reads what it reads without one", async () => {
    const { record, email } = await registerUser();
    const res = await bodied("/api/v2/users/self", "GET", authHeaders(record));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email });
  });
});
