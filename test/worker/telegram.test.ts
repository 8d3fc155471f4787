import { createExecutionContext, env, SELF } from "cloudflare:test";
import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";

const APP = new URL(env.APP_URL).origin;
const DAY = 86400;
let seq = 0;

type Widget = Record<string, string>;

/** Signs widget data the way Telegram's servers do (node:crypto, independent of the Worker's code). */
function signed(fields: Widget, botToken = env.TELEGRAM_BOT_TOKEN!): Widget {
  const dataCheckString = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join("\n");
  const secret = createHash("sha256").update(botToken).digest();
  return { ...fields, hash: createHmac("sha256", secret).update(dataCheckString).digest("hex") };
}

function widget(overrides: Widget = {}): Widget {
  return {
    id: `${String(Date.now()).slice(-9)}${++seq}`,
    first_name: "Анна",
    last_name: "Смирнова",
    username: "anna_s",
    photo_url: "https://t.me/i/userpic/320/anna.jpg",
    auth_date: String(Math.floor(Date.now() / 1000)),
    ...overrides,
  };
}

const tgAuth = (fields: Widget) => SELF.fetch(`${APP}/api/v2/users/tg/auth?${new URLSearchParams(fields)}`);

describe("GET /users/tg/auth", () => {
  it("signs in with genuine widget data and answers the auth record", async () => {
    const fields = signed(widget());
    const res = await tgAuth(fields);
    expect(res.status).toBe(200);
    const record = (await res.json()) as {
      access_token: string;
      refresh_token: string;
      email: string | null;
      name: string | null;
    };
    expect(record).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      email: null,
      name: "Анна Смирнова",
    });

    const self = await SELF.fetch(`${APP}/api/v2/users/self`, { headers: { "jwt-token": record.access_token } });
    expect(self.status).toBe(200);
    const me = (await self.json()) as { id: number; email: string | null };
    expect(me.email).toBeNull();

    // The same Telegram account signs in to the same user.
    const again = (await (await tgAuth(signed(widget({ id: fields.id!, first_name: "Аня" })))).json()) as {
      access_token: string;
    };
    const meAgain = (await (
      await SELF.fetch(`${APP}/api/v2/users/self`, { headers: { "jwt-token": again.access_token } })
    ).json()) as { id: number };
    expect(meAgain.id).toBe(me.id);
    const { results } = await env.DB.prepare("SELECT provider, provider_user_id FROM identities WHERE user_id = ?")
      .bind(me.id)
      .all();
    expect(results).toEqual([{ provider: "tg", provider_user_id: fields.id }]);
  });

  it("accepts the minimal field set (id, first_name, auth_date) and any field Telegram adds, as signed", async () => {
    const minimal = signed({ id: widget().id!, first_name: "Борис", auth_date: String(Math.floor(Date.now() / 1000)) });
    expect((await tgAuth(minimal)).status).toBe(200);
    const extra = signed(widget({ allows_write_to_pm: "true" }));
    expect((await tgAuth(extra)).status).toBe(200);
  });

  it("refuses data changed after signing with 401", async () => {
    const fields = signed(widget());
    const res = await tgAuth({ ...fields, id: "1" });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ detail: "Данные входа через Telegram не прошли проверку" });
  });

  it("refuses a field added after signing, a field removed, and another bot's signature", async () => {
    const fields = signed(widget());
    expect((await tgAuth({ ...fields, username: "someone_else" })).status).toBe(401);
    const { photo_url: _dropped, ...withoutPhoto } = fields;
    expect((await tgAuth(withoutPhoto)).status).toBe(401);
    expect((await tgAuth(signed(widget(), "987654321:ANOTHER-bot-token"))).status).toBe(401);
    expect((await tgAuth({ ...fields, hash: "zz" })).status).toBe(401);
  });

  it("refuses data older than a day with 401 and accepts it just inside the day", async () => {
    const now = Math.floor(Date.now() / 1000);
    const old = await tgAuth(signed(widget({ auth_date: String(now - DAY - 60) })));
    expect(old.status).toBe(401);
    expect(await old.json()).toEqual({ detail: "Данные входа через Telegram устарели, войдите заново" });
    expect((await tgAuth(signed(widget({ auth_date: String(now - DAY + 60) })))).status).toBe(200);
  });

  it("answers missing fields with 422", async () => {
    const { hash: _hash, ...unsigned } = signed(widget());
    const res = await tgAuth(unsigned);
    expect(res.status).toBe(422);
    const body = (await res.json()) as { detail: { loc: string[] }[] };
    expect(body.detail.map((d) => d.loc)).toContainEqual(["query", "hash"]);
    expect((await tgAuth({ ...signed(widget()), id: "abc" })).status).toBe(422);
  });

  it("answers 503 in Russian when no bot token is set", async () => {
    const bare = { ...env, TELEGRAM_BOT_TOKEN: undefined };
    const res = await app.request(
      `/api/v2/users/tg/auth?${new URLSearchParams(signed(widget()))}`,
      {},
      bare,
      createExecutionContext(),
    );
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ detail: "Вход через Telegram не настроен" });
  });
});
