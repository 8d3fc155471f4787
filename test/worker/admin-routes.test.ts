import { describe, expect, it } from "vitest";
import { authHeaders, call, createAdmin, registerUser } from "./helpers";

// Every admin route in one sweep: a user is refused with 403, an admin gets through (the areas'
// own tests show each one working; here bodies that would touch every user are deliberately
// invalid, so passing the gate shows as a 422 rather than a change to shared state).
const ADMIN_ROUTES: { method: string; path: string; json?: unknown }[] = [
  { method: "POST", path: "/subscriptions/", json: {} },
  { method: "PUT", path: "/subscriptions/1", json: {} },
  { method: "DELETE", path: "/subscriptions/999999" },
  { method: "POST", path: "/products/", json: {} },
  { method: "PUT", path: "/products/1", json: {} },
  { method: "DELETE", path: "/products/999999" },
  { method: "GET", path: "/promos/" },
  { method: "POST", path: "/promos/", json: {} },
  { method: "GET", path: "/promos/1" },
  { method: "PUT", path: "/promos/1", json: {} },
  { method: "POST", path: "/limits/update/", json: {} },
  { method: "POST", path: "/limits/set_start_for_all/", json: { requests: -1 } },
  { method: "POST", path: "/disclaimers/set_for_all/", json: { assistant_type: "нет-такого" } },
  { method: "POST", path: "/notification/send/", json: {} },
  { method: "GET", path: "/statistics/common/daily?from=2026-01-01&to=2026-01-02" },
  { method: "GET", path: "/statistics/feedback?from=2026-01-01&to=2026-01-02" },
  { method: "GET", path: "/statistics/costs?from=2026-01-01&to=2026-01-02" },
  { method: "POST", path: "/payments/00000000-0000-0000-0000-000000000000/refund" },
  { method: "GET", path: "/mail/outbox?to=nobody@example.test" },
];

describe("admin routes", () => {
  it("answer 403 to a user and let an admin through", async () => {
    const user = await registerUser();
    const admin = await createAdmin();
    for (const route of ADMIN_ROUTES) {
      const asUser = await call(route.path, {
        method: route.method,
        json: route.json,
        headers: authHeaders(user.record),
      });
      expect(asUser.status, `${route.method} ${route.path} as a user`).toBe(403);
      expect(await asUser.json()).toEqual({ detail: "Недостаточно прав" });

      const asAdmin = await call(route.path, {
        method: route.method,
        json: route.json,
        headers: authHeaders(admin.record),
      });
      expect([401, 403], `${route.method} ${route.path} as an admin: ${asAdmin.status}`).not.toContain(asAdmin.status);
      expect(asAdmin.status, `${route.method} ${route.path} as an admin`).toBeLessThan(500);
    }
  });

  it("declare their auth in the OpenAPI document", async () => {
    const doc = (await (await call("/openapi.json")).json()) as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    for (const route of ADMIN_ROUTES) {
      const path = `/api/v2${route.path.split("?")[0]!.replace(/\/$/, "")}`;
      const entry = Object.entries(doc.paths).find(
        ([p]) =>
          p.replace(/\/$/, "").replace(/\{[^}]+\}/g, "X") === path.replace(/\/(\d+|[0-9a-f-]{36})(?=\/|$)/g, "/X"),
      );
      expect(entry, `${route.method} ${path} in the OpenAPI document`).toBeTruthy();
      const operation = entry![1][route.method.toLowerCase()];
      expect(operation?.security, `${route.method} ${path} declares its auth`).toEqual(
        expect.arrayContaining([expect.objectContaining({ jwt: expect.anything() })]),
      );
    }
  });
});
