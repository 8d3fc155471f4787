import { describe, expect, it } from "vitest";
import { countedCall } from "./counted-d1";
import { authHeaders, call, registerUser } from "./helpers";

// The signed-in request path checks KV, never D1 (docs/accounts.md "Revocation"). Counted on the
// real D1 binding the Worker gets (counted-d1.ts): the statements each request runs.
const touchesSessions = (sql: string) => /\bsessions\b/.test(sql);

describe("the session check runs no D1 statement", () => {
  it("a token of an ended session is refused with no D1 statement at all", async () => {
    const { record } = await registerUser();
    expect((await call("/users/logout", { method: "POST", headers: authHeaders(record) })).status).toBe(200);
    const { status, statements } = await countedCall("/users/self", authHeaders(record));
    expect(status).toBe(401);
    expect(statements).toEqual([]);
  });

  it("GET /users/self reads the user's row, and only it: one statement, then none while it is fresh", async () => {
    const { record } = await registerUser();
    // A profile change forgets this isolate's copy of the row, so the next read is D1's.
    expect(
      (await call("/users/", { method: "PATCH", json: { name: "Анна" }, headers: authHeaders(record) })).status,
    ).toBe(200);
    const first = await countedCall("/users/self", authHeaders(record));
    expect(first.status).toBe(200);
    expect(first.statements).toHaveLength(1);
    expect(first.statements[0]).toMatch(/from "users"/);
    const second = await countedCall("/users/self", authHeaders(record));
    expect(second.status).toBe(200);
    expect(second.statements).toEqual([]);
  });

  it("a route that reads its own data runs its own statements, none about sessions", async () => {
    const { record } = await registerUser();
    const { status, statements } = await countedCall("/limits", authHeaders(record));
    expect(status).toBe(200);
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.filter(touchesSessions)).toEqual([]);
  });
});
