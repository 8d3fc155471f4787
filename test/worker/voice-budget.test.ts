import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CLAIM_STALE_MS } from "../../worker/conversations/services/transcription-claims";
import { VOICE_BUDGET_TEXTS } from "../../worker/conversations/services/voice-budget";
import { QUOTAS } from "../../worker/settings";
import { makeOggOpus } from "./fixtures/audio";
import { uploadOk } from "./fixtures/uploads";
import { useFakeOpenAI } from "./fakes/openai";
import { type AuthRecord, authHeaders, call, detailOf, registerUser } from "./helpers";
import { historyOf } from "./topics-db";

// docs/conversations.md "Voice": speech-to-text is paid by the minute, so one recording is sent to
// it once however often it is asked for, and each user has a daily budget of minutes. The fake
// OpenAI-compatible server counts the calls at its HTTP boundary.

const fake = useFakeOpenAI();
beforeEach(() => {
  env.STT_PROVIDER = "openai";
});
afterEach(() => {
  env.STT_PROVIDER = "demo";
});

const transcribe = (record: AuthRecord, id: number) => {
  return call(`/attachments/${id}/transcribe`, { method: "POST", headers: authHeaders(record) });
};
const TEXT = "Можно ли вернуть задаток, если продавец передумал?";

describe("one recording, one call to speech-to-text", () => {
  it("five asks at once: one call, and all five get its transcript", async () => {
    const { record } = await registerUser();
    const { attachment_id: id } = await uploadOk(record, makeOggOpus(3), "вопрос.ogg");
    fake.transcriptionDelayMs = 300;
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => transcribe(record, id)));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
    for (const res of answers) expect(await res.json()).toEqual({ text: TEXT, demo: false });
    expect(fake.transcriptions).toHaveLength(1);
    // And once more afterwards: the kept transcript.
    expect(await (await transcribe(record, id)).json()).toEqual({ text: TEXT, demo: false });
    expect(fake.transcriptions).toHaveLength(1);
  });

  it("after a failed call the next ask calls again, once", async () => {
    const { record } = await registerUser();
    const { attachment_id: id } = await uploadOk(record, makeOggOpus(2), "вопрос.ogg");
    fake.transcript = 500;
    expect((await transcribe(record, id)).status).toBe(502);
    const failedCalls = fake.transcriptions.length;
    fake.transcript = TEXT;
    fake.transcriptionDelayMs = 300;
    const answers = await Promise.all([1, 2, 3].map(() => transcribe(record, id)));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(fake.transcriptions).toHaveLength(failedCalls + 1);
  });
});

describe("a recording another call is transcribing", () => {
  const claim = async (userId: number, id: number, since: number) =>
    (await historyOf(userId))
      .prepare("UPDATE attachments SET transcribing_since = ? WHERE id = ?")
      .bind(since, id)
      .run();

  it(
    "is waited for (the ask answers the transcript that call stores), unless the claim is two minutes " + "old",
    async () => {
      const { record, userId } = await registerUser();
      const { attachment_id: id } = await uploadOk(record, makeOggOpus(2), "вопрос.ogg");
      await claim(userId, id, Date.now());
      const asked = transcribe(record, id);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const history = await historyOf(userId);
      await history
        .prepare("UPDATE attachments SET extracted_text = ? WHERE id = ?")
        .bind("Текст другого вызова", id)
        .run();
      const res = await asked;
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ text: "Текст другого вызова", demo: false });
      expect(fake.transcriptions).toHaveLength(0);

      // A claim older than two minutes died with its Worker: the next ask calls the service itself.
      const { attachment_id: stale } = await uploadOk(record, makeOggOpus(2), "второй.ogg");
      await claim(userId, stale, Date.now() - CLAIM_STALE_MS - 1000);
      const taken = await transcribe(record, stale);
      expect(await taken.json()).toEqual({ text: TEXT, demo: false });
      expect(fake.transcriptions).toHaveLength(1);
    },
  );
});

describe("the daily budget of minutes", () => {
  it("minutes a day of settings: past them 429 until Moscow midnight; a failed call costs nothing", async () => {
    const { record } = await registerUser();
    const longest = QUOTAS.audioMaxSeconds;
    const fullDay = (QUOTAS.audioDailyMinutes * 60) / longest;
    const recordings: number[] = [];
    for (let i = 0; i <= fullDay; i++) {
      recordings.push((await uploadOk(record, makeOggOpus(longest), `${i}.ogg`)).attachment_id);
    }
    for (const id of recordings.slice(0, fullDay - 1)) expect((await transcribe(record, id)).status).toBe(200);

    // The service failing gives the seconds back: the last full recording of the day still fits.
    fake.transcript = 500;
    expect((await transcribe(record, recordings[fullDay - 1]!)).status).toBe(502);
    fake.transcript = TEXT;
    expect((await transcribe(record, recordings[fullDay - 1]!)).status).toBe(200);

    const calls = fake.transcriptions.length;
    const over = await transcribe(record, recordings[fullDay]!);
    expect(over.status).toBe(429);
    expect(await detailOf(over)).toBe(VOICE_BUDGET_TEXTS.spent);
    const retryAfter = Number(over.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
    expect(fake.transcriptions).toHaveLength(calls);
    // Refused, the recording is not left claimed: a transcript already made is still answered.
    expect(await (await transcribe(record, recordings[0]!)).json()).toEqual({ text: TEXT, demo: false });

    // Another user has a budget of their own.
    const other = await registerUser();
    const theirs = await uploadOk(other.record, makeOggOpus(longest), "их.ogg");
    expect((await transcribe(other.record, theirs.attachment_id)).status).toBe(200);
  });
});
