import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { authHeaders, call, createAdmin, detailOf, registerUser, uniqueIp } from "./helpers";

// Bulk admin calls act on every user only when the body says `"target": "all"`: an empty body,
// one that is not JSON, `{}` (the default body) or another target is a 422 in Russian, and
// nothing changes (docs/operations.md, "Bulk admin calls").

const admin = await createAdmin();

const REQUIRED = 'Укажите target: \\"all\\": вызов касается всех пользователей';
const WRONG = 'target: только \\"all\\" (все пользователи)';
const NO_RECIPIENTS = 'Укажите получателей: user_ids или emails, либо target: \\"all\\" — всем пользователям';
const NOT_JSON = 'Тело запроса должно быть JSON-объектом, например {\\"target\\": \\"all\\"}';

/** The raw request, so a test can send what a client library would not: no body, text, broken JSON. */
const post = (path: string, body: string | undefined, type: string | null = "application/json") =>
  SELF.fetch(`http://app.test/api/v2${path}`, {
    method: "POST",
    headers: { ...authHeaders(admin.record), "cf-connecting-ip": uniqueIp(), ...(type && { "content-type": type }) },
    body,
  });

const REFUSED: { name: string; body: string | undefined; type?: string | null; detail: string }[] = [
  { name: "no body", body: undefined, type: null, detail: NOT_JSON },
  { name: "an empty JSON body", body: "", detail: NOT_JSON },
  { name: "broken JSON", body: '{"target": "all"', detail: NOT_JSON },
  { name: "a JSON string", body: '"all"', detail: NOT_JSON },
  { name: "a JSON array", body: '["all"]', detail: NOT_JSON },
  { name: "a form body", body: "target=all", type: "application/x-www-form-urlencoded", detail: NOT_JSON },
  { name: "JSON sent as text", body: '{"target": "all"}', type: "text/plain", detail: REQUIRED },
  { name: "the default body {}", body: "{}", detail: REQUIRED },
  { name: "a body without target", body: '{"requests": 5, "title": "t", "text": "t"}', detail: REQUIRED },
  { name: "target true", body: '{"target": true}', detail: WRONG },
  { name: "target everyone", body: '{"target": "everyone"}', detail: WRONG },
];

/**
 * Every refusal answers 422 naming the problem in Russian; `unchanged` checks nothing happened.
 * `required`: what a body without target is told (a notice may name its recipients instead).
 */
async function expectRefusals(path: string, unchanged: () => Promise<void>, required = REQUIRED) {
  for (const { name, body, type, detail } of REFUSED) {
    const res = await post(path, body, type);
    expect(res.status, `${path}: ${name}`).toBe(422);
    expect(JSON.stringify(await detailOf(res)), `${path}: ${name}`).toContain(detail === REQUIRED ? required : detail);
  }
  await unchanged();
}

describe("bulk admin calls need an explicit target", () => {
  it("POST /limits/set_start_for_all/: refused without target all; with it, every start pack changes", async () => {
    const user = await registerUser();
    const startOf = async () =>
      (await env.DB.prepare("SELECT requests FROM limits WHERE user_id = ? AND source = 'start'")
        .bind(user.userId)
        .first<{ requests: number }>())!.requests;
    const before = await startOf();
    await expectRefusals("/limits/set_start_for_all/", async () => expect(await startOf()).toBe(before));

    const res = await post("/limits/set_start_for_all/", JSON.stringify({ target: "all", requests: before + 3 }));
    expect(res.status).toBe(200);
    expect(await startOf()).toBe(before + 3);
  });

  it("POST /disclaimers/set_for_all/: refused without target all; with it, every mode gets a new version", async () => {
    const versions = async () =>
      (await env.DB.prepare("SELECT assistant_type, version FROM disclaimers ORDER BY assistant_type").all()).results;
    const before = await versions();
    await expectRefusals("/disclaimers/set_for_all/", async () => expect(await versions()).toEqual(before));

    const res = await post("/disclaimers/set_for_all/", JSON.stringify({ target: "all" }));
    expect(res.status).toBe(200);
    expect(await versions()).toEqual(before.map((row) => ({ ...row, version: (row.version as number) + 1 })));
  });

  it(
    "POST /notification/send/: refused without target all or recipients; with target all, everyone gets " + "it",
    async () => {
      const user = await registerUser();
      const count = async () =>
        (await env.DB.prepare("SELECT count(*) AS n FROM notifications").first<{ n: number }>())!.n;
      const before = await count();
      await expectRefusals("/notification/send/", async () => expect(await count()).toBe(before), NO_RECIPIENTS);

      const res = await post(
        "/notification/send/",
        JSON.stringify({ target: "all", title: "Всем", text: "Объявление" }),
      );
      expect(res.status).toBe(201);
      const inbox = (await (await call("/notifications/", { headers: authHeaders(user.record) })).json()) as {
        title: string;
      }[];
      expect(inbox.map((n) => n.title)).toEqual(["Всем"]);
    },
  );
});
