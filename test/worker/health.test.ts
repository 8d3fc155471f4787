import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";

describe("service routes", () => {
  it("answers health with and without a trailing slash", async () => {
    for (const path of ["/api/v2/health", "/api/v2/health/"]) {
      const res = await SELF.fetch(`http://app.test${path}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: "ok" });
    }
  });

  it("answers an unknown API path with a Russian 404 detail", async () => {
    const res = await SELF.fetch("http://app.test/api/v2/nope");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: "Не найдено" });
  });

  it("serves the OpenAPI document and the docs page", async () => {
    const spec = await SELF.fetch("http://app.test/api/v2/openapi.json");
    expect(spec.status).toBe(200);
    const doc = (await spec.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain("/api/v2/health");
    const page = await SELF.fetch("http://app.test/api/v2/docs");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("/api/v2/openapi.json");
  });

  it("seeds the four assistant modes", async () => {
    const { env } = await import("cloudflare:test");
    const { results } = await env.DB.prepare("SELECT assistant_type FROM products ORDER BY id").all();
    expect(results.map((r) => r.assistant_type)).toEqual(["explain_law", "gpt", "explain_estate", "explain_img"]);
  });
});
