import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { authHeaders, call, createAdmin, createBotUser, detailOf, registerUser, uniqueIp } from "./helpers";
import { insertTopic } from "./topics-db";

type Parameter = {
  in: string;
  name: string;
  "x-route-param"?: string;
  schema?: { pattern?: string; type?: string; format?: string };
};
type Doc = { paths: Record<string, Record<string, { parameters?: Parameter[] }>> };

const ID_PATTERN = "^(0|[1-9][0-9]*)$";
// Everything a number parser would take for an id, and none of it a canonical id.
const NOT_IDS = ["0x10", "1e1", "+5", "%207", "07", "-1", "1.0", "99999999999999999999"];

let doc: Doc;
beforeAll(async () => {
  doc = (await (await SELF.fetch("http://app.test/api/v2/openapi.json")).json()) as Doc;
});

/** Every operation with a numeric id in its path, from the API's own document. */
function idOperations() {
  const ops: { method: string; path: string; ids: string[]; params: Parameter[] }[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = (op.parameters ?? []).filter((p) => p.in === "path");
      const ids = params.filter((p) => p.schema?.pattern === ID_PATTERN).map((p) => p.name);
      if (ids.length > 0) ops.push({ method: method.toUpperCase(), path, ids, params });
    }
  }
  return ops;
}

describe("path ids: decimal digits only", () => {
  it("every id-like path parameter of the API uses the one shared id schema", () => {
    const idLike = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).flatMap(([method, op]) =>
        // Payment ids are UUIDs and a bot's externalId is the messenger's own: neither is a row id.
        // A segment shared by two routes (`{statusOrTopicId}`) is judged by the route's own name.
        (op.parameters ?? [])
          .map((p) => ({ ...p, name: p["x-route-param"] ?? p.name }))
          .filter(
            (p) =>
              p.in === "path" && /(^id$|Id$)/.test(p.name) && p.name !== "externalId" && p.schema?.format !== "uuid",
          )
          .map((p) => ({ at: `${method} ${path} ${p.name}`, pattern: p.schema?.pattern })),
      ),
    );
    expect(idLike.length).toBeGreaterThan(30);
    for (const { at, pattern } of idLike) expect(pattern, at).toBe(ID_PATTERN);
  });

  it(
    "every route with an id answers 404 to 0x10, 1e1, +5, ' 7', 07, -1, 1.0 and a too large one: never 422, 200 " +
      "or 500",
    async () => {
      const admin = await createAdmin();
      const { externalId, internal } = await createBotUser();
      const ops = idOperations();
      expect(ops.length).toBeGreaterThan(30);
      const others: Record<string, string> = {
        provider: "tg",
        externalId,
        hash: "h".repeat(32),
        assistantType: "law",
        name: "x",
        status: "active",
        type: "all",
      };
      for (const op of ops) {
        for (const bad of NOT_IDS) {
          let url = op.path;
          for (const p of op.params)
            url = url.replace(`{${p.name}}`, op.ids.includes(p.name) ? bad : (others[p.name] ?? "1"));
          const headers: Record<string, string> = {
            "cf-connecting-ip": uniqueIp(),
            "content-type": "application/json",
          };
          Object.assign(headers, url.startsWith("/internal/") ? internal : authHeaders(admin.record));
          const res = await SELF.fetch(`http://app.test${url}`, {
            method: op.method,
            headers,
            body: op.method === "GET" ? undefined : "{}",
          });
          expect(res.status, `${op.method} ${url}`).toBe(404);
        }
      }
    },
  );
});

describe("path ids: checked before anything else", () => {
  // `x7`, not a bare word: `/topics/{status}/{type}` takes letters (`/topics/abc/history` is that list's 422).
  it(
    "every route with an id answers 404 to a word there, signed out too: the id is checked before the " + "caller",
    async () => {
      const { externalId, internal } = await createBotUser();
      const others: Record<string, string> = {
        provider: "tg",
        externalId,
        hash: "h".repeat(32),
        status: "active",
        type: "all",
      };
      for (const op of idOperations()) {
        let url = op.path;
        for (const p of op.params)
          url = url.replace(`{${p.name}}`, op.ids.includes(p.name) ? "x7" : (others[p.name] ?? "1"));
        // The bots' API checks its token first for every path, known or not (operations/routes/internal).
        const headers: Record<string, string> = { "cf-connecting-ip": uniqueIp(), "content-type": "application/json" };
        if (url.startsWith("/internal/")) Object.assign(headers, internal);
        const res = await SELF.fetch(`http://app.test${url}`, {
          method: op.method,
          headers,
          body: op.method === "GET" ? undefined : "{}",
        });
        expect(res.status, `${op.method} ${url}`).toBe(404);
        expect(await detailOf(res), `${op.method} ${url}`).toBe("Не найдено");
      }
    },
  );
});

describe("path ids: a number written another way names nothing", () => {
  it("a topic: its id with a leading zero is 404, the id itself 200", async () => {
    const { record, userId } = await registerUser();
    const id = await insertTopic(userId);
    expect((await call(`/topics/${id}/history`, { headers: authHeaders(record) })).status).toBe(200);
    const padded = await call(`/topics/0${id}/history`, { headers: authHeaders(record) });
    expect(padded.status).toBe(404);
    expect(await detailOf(padded)).toBe("Не найдено");
  });

  it("a plan: hex, exponent, sign and a space before it are 404, not the plan", async () => {
    const admin = await createAdmin();
    const plans = (await (await call("/subscriptions/", { headers: authHeaders(admin.record) })).json()) as {
      id: number;
    }[];
    const id = plans[0]!.id;
    expect((await call(`/subscriptions/${id}`, { headers: authHeaders(admin.record) })).status).toBe(200);
    for (const other of [`0x${id.toString(16)}`, `${id}e0`, `+${id}`, `%20${id}`, `${id}.0`, `0${id}`]) {
      const res = await call(`/subscriptions/${other}`, { headers: authHeaders(admin.record) });
      expect(res.status, other).toBe(404);
    }
  });
});

describe("path words: a list's status and type, a mode", () => {
  it("a word not shaped like one is 404 as an unmatched path was; a word outside the set is 422", async () => {
    const { record } = await registerUser();
    const headers = authHeaders(record);
    expect((await call("/topics/active/all", { headers })).status).toBe(200);
    for (const path of ["/topics/5/all", "/topics/active/LAW", "/topics/act-ive/all"]) {
      const res = await call(path, { headers });
      expect(res.status, path).toBe(404);
      expect(await detailOf(res), path).toBe("Не найдено");
    }
    expect((await call("/topics/sleeping/all", { headers })).status).toBe(422);
    expect((await call("/topics/active/poems", { headers })).status).toBe(422);
    const mode = (path: string) => call(path, { method: "PUT", headers, json: { enabled: false } });
    expect((await mode("/privacy/settings/explain_law")).status).toBe(200);
    expect((await mode("/privacy/settings/Explain-Law")).status).toBe(404);
    expect((await mode(`/privacy/settings/${"a".repeat(65)}`)).status).toBe(404);
  });
});
