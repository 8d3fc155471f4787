import { createScheduledController, env, SELF } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { runCron } from "../../worker/operations/cron";
import bot from "../../worker/telegram/index";
import type { BotEnv } from "../../worker/telegram/env";
import { handleWebhook } from "../../worker/telegram/webhook";
import { authHeaders, call, createAdmin, detailOf, registerUser } from "./helpers";
import { FakeTelegram } from "./fakes/telegram";

// Admin notices through the bot (docs/telegram.md "Admin notices in the chat"): an admin's notice is
// queued for the recipients linked to Telegram, and the bot's cron tick (the Worker's scheduled
// handler) claims them through the internal API and sends them to the fake Bot API.

const TOKEN = "7000000003:TEST-bot-token-for-notices";
const SECRET = "test-webhook-secret";
const telegram = new FakeTelegram("https://tg.fake.test", TOKEN);
const admin = await createAdmin();

const botEnv = (change: Partial<BotEnv> = {}): BotEnv => ({
  TELEGRAM_BOT_TOKEN: TOKEN,
  TELEGRAM_WEBHOOK_SECRET: SECRET,
  TELEGRAM_API_ROOT: telegram.root,
  TELEGRAM_BOT_USERNAME: "yasno_bot",
  INTERNAL_TOKEN: env.INTERNAL_TOKEN,
  API: { fetch: (input, init) => SELF.fetch(input, init) },
  KV: env.KV,
  ...change,
});

beforeEach(() => {
  telegram.reset();
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (!telegram.handles(request.url)) throw new Error(`unexpected fetch ${request.url}`);
    return telegram.fetch(request);
  });
});
afterEach(() => vi.unstubAllGlobals());

/** One cron tick of the bot's Worker, through its real entry. */
const tick = (change: Partial<BotEnv> = {}) => bot.scheduled(createScheduledController(), botEnv(change));

let people = Math.floor(Math.random() * 1e6) * 100;
let updateIds = Math.floor(Math.random() * 1e6) * 1000;

/** A person who wrote to the bot: a Telegram id and the Ясно account the bot made for it. */
async function telegramUser() {
  const id = 6_000_000_000 + ++people;
  const res = await SELF.fetch(`https://app.test/internal/api/v2/users/tg/${id}`, {
    method: "POST",
    headers: { "internal-token": env.INTERNAL_TOKEN!, "content-type": "application/json" },
    body: JSON.stringify({ name: "Вера" }),
  });
  expect(res.status).toBe(201);
  return { id, userId: ((await res.json()) as { user_id: number }).user_id };
}
type TelegramUser = Awaited<ReturnType<typeof telegramUser>>;

/** Blocking the bot or coming back, as Telegram tells the webhook (my_chat_member). */
async function member(who: TelegramUser, before: string, now: string) {
  const from = { id: who.id, is_bot: false, first_name: "Вера" };
  const botUser = { id: 7000000003, is_bot: true, first_name: "Ясно", username: "yasno_bot" };
  const update = {
    update_id: ++updateIds,
    my_chat_member: {
      chat: { id: who.id, type: "private", first_name: "Вера" },
      from,
      date: Math.floor(Date.now() / 1000),
      old_chat_member: { user: botUser, status: before },
      new_chat_member: { user: botUser, status: now, ...(now === "kicked" ? { until_date: 0 } : {}) },
    },
  };
  await webhook(update);
}

/** An update posted to the bot's webhook as Telegram posts it. */
async function webhook(update: unknown) {
  const res = await handleWebhook(
    new Request("https://yasno.test/telegram/webhook", {
      method: "POST",
      headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": SECRET },
      body: JSON.stringify(update),
    }),
    botEnv(),
  );
  expect(res.status).toBe(200);
}

async function notify(title: string, audience: { user_ids: number[] } | { target: "all" }, text = "Текст.") {
  const res = await call("/notification/send/", {
    headers: authHeaders(admin.record),
    json: { title, text, ...audience },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** The messages the fake Bot API was asked to send to a chat. */
const sentTo = (chatId: number) => telegram.callsOf("sendMessage").filter((m) => m.chat_id === chatId);

const stateOf = async (notificationId: number, userId: number) =>
  (
    await env.DB.prepare("SELECT state FROM bot_notice_deliveries WHERE notification_id = ? AND user_id = ?")
      .bind(notificationId, userId)
      .first<{ state: string }>()
  )?.state;

const blockSignals = async (who: TelegramUser) =>
  (
    await env.DB.prepare(
      "SELECT kind, payload FROM bot_signals WHERE provider = 'tg' AND external_id = ? " +
        "AND kind IN ('block', 'unblock') ORDER BY id",
    )
      .bind(String(who.id))
      .all<{ kind: string; payload: string | null }>()
  ).results;

describe("admin notices in Telegram", () => {
  it("reach a linked Telegram user as Telegram HTML, not an unlinked or blocked one, and not twice", async () => {
    const [anna, blocker, web] = await Promise.all([telegramUser(), telegramUser(), registerUser()]);
    await member(blocker, "member", "kicked");
    const id = await notify(
      "Новые тарифы",
      { user_ids: [anna.userId, blocker.userId, web.userId] },
      "Теперь **дешевле**.",
    );

    await tick();
    expect(sentTo(anna.id)).toEqual([
      { chat_id: anna.id, text: "<b>Новые тарифы</b>\n\nТеперь <b>дешевле</b>.", parse_mode: "HTML" },
    ]);
    expect(sentTo(blocker.id)).toEqual([]);
    expect(telegram.callsOf("sendMessage")).toHaveLength(1);
    expect(await stateOf(id, anna.userId)).toBe("sent");
    expect(await stateOf(id, blocker.userId)).toBe("skipped");
    // A web account with no Telegram gets the notice in the bell only, with nothing queued.
    expect(await stateOf(id, web.userId)).toBeUndefined();

    await tick();
    expect(telegram.callsOf("sendMessage")).toHaveLength(1);
  });

  it("sends a notice to everyone to the Telegram users too", async () => {
    const vera = await telegramUser();
    await notify("Всем", { target: "all" });
    await tick({ TELEGRAM_NOTICE_BATCH: "500" });
    expect(sentTo(vera.id).map((m) => m.text)).toEqual(["<b>Всем</b>\n\nТекст."]);
  });

  it("sends a large audience over several ticks, each person once", async () => {
    const group = await Promise.all([telegramUser(), telegramUser(), telegramUser()]);
    const id = await notify("По частям", { user_ids: group.map((p) => p.userId) });
    const reached = () => group.filter((p) => sentTo(p.id).length > 0).length;

    await tick({ TELEGRAM_NOTICE_BATCH: "2" });
    expect(reached()).toBe(2);
    await tick({ TELEGRAM_NOTICE_BATCH: "2" });
    expect(reached()).toBe(3);
    await tick({ TELEGRAM_NOTICE_BATCH: "2" });
    for (const p of group) {
      expect(sentTo(p.id)).toHaveLength(1);
      expect(await stateOf(id, p.userId)).toBe("sent");
    }
  });

  it("marks a person blocked on Telegram's 403 and sends them nothing more until they come back", async () => {
    const vera = await telegramUser();
    telegram.blocked.add(vera.id);
    const first = await notify("Первое", { user_ids: [vera.userId] });
    await tick();
    expect(sentTo(vera.id)).toHaveLength(1);
    expect(await stateOf(first, vera.userId)).toBe("blocked");
    expect(await blockSignals(vera)).toEqual([{ kind: "block", payload: JSON.stringify({ reason: "notice" }) }]);

    const second = await notify("Второе", { user_ids: [vera.userId] });
    await tick();
    expect(sentTo(vera.id)).toHaveLength(1);
    expect(await stateOf(second, vera.userId)).toBe("skipped");

    telegram.blocked.delete(vera.id);
    await member(vera, "kicked", "member");
    await notify("Третье", { user_ids: [vera.userId] });
    await tick();
    expect(sentTo(vera.id).map((m) => m.text)).toEqual(["<b>Первое</b>\n\nТекст.", "<b>Третье</b>\n\nТекст."]);
  });

  it("reaches a person Telegram refused (they never started the bot) from their /start on", async () => {
    const vera = await telegramUser();
    telegram.blocked.add(vera.id);
    await notify("До старта", { user_ids: [vera.userId] });
    await tick();
    expect(await blockSignals(vera)).toEqual([{ kind: "block", payload: JSON.stringify({ reason: "notice" }) }]);

    telegram.blocked.delete(vera.id);
    await webhook({
      update_id: ++updateIds,
      message: {
        message_id: updateIds,
        date: Math.floor(Date.now() / 1000),
        chat: { id: vera.id, type: "private", first_name: "Вера" },
        from: { id: vera.id, is_bot: false, first_name: "Вера" },
        text: "/start",
        entities: [{ offset: 0, length: 6, type: "bot_command" }],
      },
    });
    telegram.reset();
    await notify("После старта", { user_ids: [vera.userId] });
    await tick();
    expect(sentTo(vera.id).map((m) => m.text)).toEqual(["<b>После старта</b>\n\nТекст."]);
  });

  it("tries again next tick after Telegram's 429, and sends nothing without a token", async () => {
    const vera = await telegramUser();
    const id = await notify("Позже", { user_ids: [vera.userId] });
    await tick({ TELEGRAM_BOT_TOKEN: undefined });
    expect(telegram.calls).toEqual([]);
    expect(await stateOf(id, vera.userId)).toBe("pending");

    telegram.floodOnce.add(vera.id);
    await tick();
    expect(await stateOf(id, vera.userId)).toBe("pending");
    await tick();
    expect(await stateOf(id, vera.userId)).toBe("sent");
    expect(sentTo(vera.id)).toHaveLength(2);
    expect(telegram.chatTexts(vera.id)).toEqual(["<b>Позже</b>\n\nТекст."]);
  });

  it("gives up after three refused tries", async () => {
    const vera = await telegramUser();
    const id = await notify("Не судьба", { user_ids: [vera.userId] });
    for (let i = 0; i < 3; i++) {
      telegram.floodOnce.add(vera.id);
      await tick();
    }
    expect(await stateOf(id, vera.userId)).toBe("failed");
    await tick();
    expect(sentTo(vera.id)).toHaveLength(3);
    expect(telegram.chatTexts(vera.id)).toEqual([]);
  });

  it("splits a long notice at Telegram's length limit", async () => {
    const vera = await telegramUser();
    const long = Array.from({ length: 36 }, (_, i) => `Абзац ${i + 1}. ${"слово ".repeat(20).trim()}`).join("\n\n");
    await notify("Длинное", { user_ids: [vera.userId] }, long);
    await tick();
    const texts = sentTo(vera.id).map((m) => String(m.text));
    expect(texts.length).toBe(2);
    expect(texts[0]!.startsWith("<b>Длинное</b>\n\nАбзац 1.")).toBe(true);
    for (const text of texts) expect(text.length).toBeLessThanOrEqual(4096);
    expect(texts.join("\n")).toContain("Абзац 36.");
  });
});

describe("the internal API of the notices", () => {
  const internal = (path: string, body: unknown, token = env.INTERNAL_TOKEN!) =>
    SELF.fetch(`https://app.test/internal/api/v2/notices${path}`, {
      method: "POST",
      headers: { "internal-token": token, "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  it("needs the internal token", async () => {
    expect((await internal("/tg/claim", { limit: 1 }, "wrong")).status).toBe(401);
  });

  it("refuses a bad claim or result in Russian", async () => {
    const tooMany = await internal("/tg/claim", { limit: 501 });
    expect(tooMany.status).toBe(422);
    expect(await detailOf(tooMany)).toEqual([expect.objectContaining({ msg: "limit: не больше 500" })]);
    const bad = await internal("/tg/results", { results: [{ notification_id: 1, user_id: 1, outcome: "lost" }] });
    expect(bad.status).toBe(422);
    expect(await detailOf(bad)).toEqual([expect.objectContaining({ msg: "outcome: sent, blocked, failed или retry" })]);
  });

  it("changes nothing for a delivery that was not claimed or was reported already", async () => {
    const vera = await telegramUser();
    const id = await notify("Не выдано", { user_ids: [vera.userId] });
    const report = (outcome: string) =>
      internal("/tg/results", { results: [{ notification_id: id, user_id: vera.userId, outcome }] });
    expect((await report("sent")).status).toBe(204);
    expect((await report("blocked")).status).toBe(204);
    expect(await stateOf(id, vera.userId)).toBe("pending");
    expect(await blockSignals(vera)).toEqual([]);
    await tick();
    expect(sentTo(vera.id)).toHaveLength(1);
    expect((await report("blocked")).status).toBe(204);
    expect(await stateOf(id, vera.userId)).toBe("sent");
    expect(await blockSignals(vera)).toEqual([]);
  });
});

describe("the nightly clean-up", () => {
  it("drops a notice's Telegram deliveries a month old, sent or not, and keeps newer ones", async () => {
    const [old, recent] = await Promise.all([telegramUser(), telegramUser()]);
    const id = await notify("Старое", { user_ids: [old.userId, recent.userId] });
    const day = 24 * 60 * 60 * 1000;
    await env.DB.prepare("UPDATE bot_notice_deliveries SET updated_at = ? WHERE notification_id = ? AND user_id = ?")
      .bind(Date.now() - 31 * day, id, old.userId)
      .run();
    await runCron(env, Date.now());
    expect(await stateOf(id, old.userId)).toBeUndefined();
    expect(await stateOf(id, recent.userId)).toBe("pending");
  });
});
