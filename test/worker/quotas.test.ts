import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { nextMoscowMidnight } from "../../worker/billing/services/daily-limits";
import { QUOTAS } from "../../worker/settings";
import { authHeaders, call, detailOf } from "./helpers";
import { makePng } from "./fixtures/files";
import { upload, uploadOk } from "./fixtures/uploads";
import { availableRequests, newAccount, splitTopicLine, startTopic, StreamReader } from "./streams-helpers";

type Quotas = {
  upload_max_bytes: number;
  message_max_chars: number;
  start_requests: number;
  free_daily_requests: number;
  documents_per_message: number;
  images_per_message: number;
  audio_daily_minutes: number;
};

// Every number is read from GET /quotas/, as a client would, then checked against what the
// server actually does at that number and one past it.
const quotas = await (async () => {
  const res = await call("/quotas/");
  expect(res.status).toBe(200);
  return (await res.json()) as Quotas;
})();

/** A PNG padded with zeros to exactly `size` bytes (the type is judged by its first bytes). */
async function pngOfSize(size: number): Promise<Uint8Array> {
  const bytes = new Uint8Array(size);
  bytes.set(await makePng());
  return bytes;
}

const txt = (text: string) => new TextEncoder().encode(text);

describe("GET /quotas/", () => {
  it("needs no sign-in and publishes the numbers of worker/settings.ts", () => {
    expect(quotas).toEqual({
      upload_max_bytes: QUOTAS.uploadMaxBytes,
      message_max_chars: QUOTAS.messageMaxChars,
      start_requests: QUOTAS.startRequests,
      free_daily_requests: QUOTAS.freeDailyRequests,
      documents_per_message: QUOTAS.documentsPerMessage,
      images_per_message: QUOTAS.imagesPerMessage,
      audio_daily_minutes: QUOTAS.audioDailyMinutes,
    });
  });
});

describe("the server enforces what it publishes", () => {
  it("upload_max_bytes: a file of exactly that size is taken, one byte more is 413", async () => {
    const account = await newAccount();
    expect((await uploadOk(account.record, await pngOfSize(quotas.upload_max_bytes), "ровно.png")).size).toBe(
      quotas.upload_max_bytes,
    );
    const res = await upload(account.record, await pngOfSize(quotas.upload_max_bytes + 1), "больше.png");
    expect(res.status).toBe(413);
    expect(await detailOf(res)).toBe(`Файл слишком большой: максимум ${quotas.upload_max_bytes / 1024 / 1024} МБ`);
  });

  it("message_max_chars: a message of exactly that length is sent, one character more is 422", async () => {
    const account = await newAccount();
    const exact = await startTopic(account, "я".repeat(quotas.message_max_chars), { assistantType: "gpt" });
    expect(splitTopicLine(await new StreamReader(exact).rest()).reply.length).toBeGreaterThan(0);
    const over = await startTopic(account, "я".repeat(quotas.message_max_chars + 1), { assistantType: "gpt" });
    expect(over.status).toBe(422);
    expect(await detailOf(over)).toEqual([
      expect.objectContaining({
        loc: ["body", "message", "text"],
        msg: `Сообщение должно быть не длиннее ${quotas.message_max_chars} символов`,
      }),
    ]);
  });

  it("documents_per_message: that many documents go with a message, one more is 422", async () => {
    const account = await newAccount();
    const docs = [];
    for (let i = 0; i <= quotas.documents_per_message; i++)
      docs.push((await uploadOk(account.record, txt(`Документ номер ${i}`), `doc-${i}.txt`)).attachment_id);
    const over = await startTopic(account, "Сравни документы", { assistantType: "gpt", attachments: docs });
    expect(over.status).toBe(422);
    expect(await detailOf(over)).toMatch(/один документ/);
    const ok = await startTopic(account, "Прочитай документ", {
      assistantType: "gpt",
      attachments: docs.slice(0, quotas.documents_per_message),
    });
    await new StreamReader(ok).rest();
  });

  it("images_per_message: that many images go with a message, one more is 422", async () => {
    const account = await newAccount();
    const images = [];
    for (let i = 0; i <= quotas.images_per_message; i++)
      images.push(
        (await uploadOk(account.record, await makePng(2, 2, [i * 20, 10, 10]), `img-${i}.png`)).attachment_id,
      );
    const over = await startTopic(account, "Что на фото?", { assistantType: "gpt", attachments: images });
    expect(over.status).toBe(422);
    expect(await detailOf(over)).toBe(
      `Можно прикрепить не больше ${quotas.images_per_message} изображений к сообщению`,
    );
    const ok = await startTopic(account, "Что на фото?", {
      assistantType: "gpt",
      attachments: images.slice(0, quotas.images_per_message),
    });
    await new StreamReader(ok).rest();
  });

  it("start_requests and free_daily_requests: what a new user has, and what the night adds", async () => {
    const account = await newAccount();
    expect(await availableRequests(account)).toBe(quotas.start_requests);
    const ctx = createExecutionContext();
    worker.scheduled(
      createScheduledController({
        scheduledTime: nextMoscowMidnight(Date.now()) - 24 * 60 * 60 * 1000,
        cron: "0 21 * * *",
      }),
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(await availableRequests(account)).toBe(quotas.start_requests + quotas.free_daily_requests);
    const res = await call("/limits/", { headers: authHeaders(account.record) });
    expect(
      ((await res.json()) as { limits: { source: string; requests: number }[] }).limits.find(
        (l) => l.source === "daily",
      )!.requests,
    ).toBe(quotas.free_daily_requests);
  });
});
