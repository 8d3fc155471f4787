import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { authHeaders, call } from "./helpers";
import { type Account, newAccount } from "./streams-helpers";

// One createTopic (worker/conversations/services/new-topic.ts) for the web's POST /topics/new and
// the bots' POST /internal/api/v2/topics/{provider}/{id}: the same rule, and a named topic is found
// by its name in the owner's search (GET /topics/search) whichever made it.

const bot = (path: string, init: { method?: string; json?: unknown; ip?: string } = {}) =>
  SELF.fetch(`http://app.test/internal/api/v2${path}`, {
    method: init.method ?? "GET",
    headers: {
      "internal-token": "test-internal-token",
      "content-type": "application/json",
      "cf-connecting-ip": init.ip ?? "10.99.0.2",
    },
    ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
  });

/** A bot user linked to the web account, so their topics are the account's. */
async function linkedBotUser(account: Account): Promise<string> {
  const externalId = String(Math.floor(Math.random() * 1e12));
  const linked = await bot(`/users/tg/${externalId}/link`, {
    method: "POST",
    json: { email: account.email, password: account.password },
  });
  expect(linked.status, await linked.clone().text()).toBe(200);
  return externalId;
}

const foundTopics = async (account: Account, q: string) => {
  const res = await call(`/topics/search?q=${encodeURIComponent(q)}`, { headers: authHeaders(account.record) });
  expect(res.status).toBe(200);
  return [...new Set(((await res.json()) as { topic_id: number }[]).map((h) => h.topic_id))];
};

describe("createTopic", () => {
  it("a topic a bot creates with a name is found by the user's title search, as one made on the web", async () => {
    const account = await newAccount();
    const botUser = await linkedBotUser(account);
    const created = await bot(`/topics/tg/${botUser}`, {
      method: "POST",
      json: { assistant_type: "gpt", topic_name: "  Раздел наследства  " },
    });
    expect(created.status).toBe(201);
    const byBot = (await created.json()) as { id: number; topic_name: string };
    expect(byBot.topic_name).toBe("Раздел наследства");
    const web = await call("/topics/new?assistant_type=gpt&topic_name=Наследство%20квартиры", {
      method: "POST",
      headers: authHeaders(account.record),
    });
    expect(web.status).toBe(201);
    const byWeb = (await web.json()) as { id: number };

    expect(await foundTopics(account, "наследство")).toEqual(expect.arrayContaining([byBot.id, byWeb.id]));
    expect(await foundTopics(account, "раздел")).toEqual([byBot.id]);
  });

  it("an unknown mode: 422 from either, and no topic", async () => {
    const account = await newAccount();
    const botUser = await linkedBotUser(account);
    const byBot = await bot(`/topics/tg/${botUser}`, {
      method: "POST",
      json: { assistant_type: "no_such_mode", topic_name: "Тема" },
    });
    const byWeb = await call("/topics/new?assistant_type=no_such_mode", {
      method: "POST",
      headers: authHeaders(account.record),
    });
    expect([byBot.status, byWeb.status]).toEqual([422, 422]);
    expect(await foundTopics(account, "тема")).toEqual([]);
  });
});
