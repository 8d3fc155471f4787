import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEMO_STT_MODEL_ID } from "../../worker/ai/transcribers";
import { ATTACHMENT_TEXTS } from "../../worker/conversations/services/attachments";
import { TRANSCRIPT_TEXTS } from "../../worker/conversations/services/transcripts";
import { QUOTAS } from "../../worker/settings";
import { makeM4a, makeMp3, makeOggOpus, makeWav, makeWebm } from "./fixtures/audio";
import { makePng } from "./fixtures/files";
import { upload, uploadOk } from "./fixtures/uploads";
import { useFakeOpenAI } from "./fakes/openai";
import { authHeaders, call, detailOf, registerUser } from "./helpers";
import { newAccount, splitTopicLine, startTopic, StreamReader } from "./streams-helpers";

// Voice questions (docs/conversations.md "Voice"): recordings judged by their bytes, within the
// size and length of settings, transcribed by the configured speech-to-text provider (here the
// fake OpenAI-compatible server), kept with the message and played from history.

const fake = useFakeOpenAI();
beforeEach(() => {
  env.STT_PROVIDER = "openai";
});
afterEach(() => {
  env.STT_PROVIDER = "demo";
});

const transcribe = (record: { access_token: string }, id: number) =>
  call(`/attachments/${id}/transcribe`, { method: "POST", headers: authHeaders(record) });

describe("voice recordings are judged by their bytes", () => {
  it("takes OGG/Opus, WebM, MP3, M4A and WAV whatever their names, as audio", async () => {
    const { record } = await registerUser();
    const cases = [
      [makeOggOpus(4), "запись.bin", "audio/ogg"],
      [makeWebm(), "voice", "audio/webm"],
      [makeMp3(), "песня.txt", "audio/mpeg"],
      [makeM4a(12), "memo.m4a", "audio/mp4"],
      [makeWav(2), "a.wav", "audio/wav"],
    ] as const;
    for (const [bytes, name, mime] of cases) {
      const answer = await uploadOk(record, bytes, name);
      expect(answer, name).toMatchObject({ content_type: "audio", mime_type: mime, filename: name });
      // It plays in the page: served inline as what it is.
      const file = await call(answer.url.replace(/^.*\/api\/v2/, ""));
      expect(file.headers.get("content-type")).toBe(mime);
      expect(file.headers.get("content-disposition")).toMatch(/^inline;/);
    }
    // Not a recording, whatever it is called.
    const noise = await upload(record, new Uint8Array([0, 1, 2, 3, 0, 0, 0, 9]), "voice.ogg", "audio/ogg");
    expect(noise.status).toBe(415);
    expect(await detailOf(noise)).toBe(ATTACHMENT_TEXTS.unsupported);
  });

  it("refuses a recording longer than settings allow or too large", async () => {
    const { record } = await registerUser();
    for (const bytes of [makeOggOpus(QUOTAS.audioMaxSeconds + 30), makeM4a(QUOTAS.audioMaxSeconds + 30)]) {
      const res = await upload(record, bytes, "long");
      expect(res.status).toBe(422);
      expect(await detailOf(res)).toBe(ATTACHMENT_TEXTS.audioTooLong);
    }
    expect((await upload(record, makeOggOpus(QUOTAS.audioMaxSeconds), "ok")).status).toBe(201);
    const big = new Uint8Array(QUOTAS.audioMaxBytes + 1);
    big.set(makeWebm());
    const res = await upload(record, big, "big.webm");
    expect(res.status).toBe(413);
    expect(await detailOf(res)).toBe(ATTACHMENT_TEXTS.audioTooLarge);
  });
});

describe("POST /attachments/{id}/transcribe", () => {
  it("sends the recording to the OpenAI-compatible /audio/transcriptions and keeps the transcript", async () => {
    const { record } = await registerUser();
    const bytes = makeOggOpus(3);
    const { attachment_id: id } = await uploadOk(record, bytes, "вопрос.ogg");
    const res = await transcribe(record, id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ text: "Можно ли вернуть задаток, если продавец передумал?", demo: false });
    expect(fake.transcriptions).toHaveLength(1);
    const sent = fake.transcriptions[0]!;
    // As OpenAI's own client sends it: Whisper's verbose answer, the file named by its type.
    expect(sent).toMatchObject({
      model: env.OPENAI_STT_MODEL,
      language: "ru",
      responseFormat: "verbose_json",
      filename: "audio.ogg",
      mediaType: "audio/ogg",
    });
    expect(sent.bytes).toEqual(bytes);

    // Asked again: the kept transcript, without calling the service.
    fake.transcript = "другое";
    expect(await (await transcribe(record, id)).json()).toEqual({
      text: "Можно ли вернуть задаток, если продавец передумал?",
      demo: false,
    });
    expect(fake.transcriptions).toHaveLength(1);
  });

  it("404 for another user's recording, 422 for a picture, 502 in Russian when the service fails", async () => {
    const owner = await registerUser();
    const stranger = await registerUser();
    const { attachment_id: id } = await uploadOk(owner.record, makeWebm(), "v.webm");
    expect((await transcribe(stranger.record, id)).status).toBe(404);
    const image = await uploadOk(owner.record, await makePng(), "p.png");
    const notAudio = await transcribe(owner.record, image.attachment_id);
    expect(notAudio.status).toBe(422);
    expect(await detailOf(notAudio)).toBe(TRANSCRIPT_TEXTS.notAudio);

    fake.transcript = 500;
    const failed = await transcribe(owner.record, id);
    expect(failed.status).toBe(502);
    expect(await detailOf(failed)).toBe(TRANSCRIPT_TEXTS.failed);
    fake.transcript = "   ";
    const silent = await transcribe(owner.record, id);
    expect(silent.status).toBe(422);
    expect(await detailOf(silent)).toBe(TRANSCRIPT_TEXTS.silent);
  });

  it("the demo transcriber needs no network and says it is the demo", async () => {
    env.STT_PROVIDER = "demo";
    const { record } = await registerUser();
    const { attachment_id: id } = await uploadOk(record, makeWav(2), "a.wav");
    const answer = (await (await transcribe(record, id)).json()) as { text: string; demo: boolean };
    expect(answer.demo).toBe(true);
    expect(answer.text).toMatch(/^Демо-расшифровка записи на 2 с: /);
    expect(fake.transcriptions).toHaveLength(0);
    expect(DEMO_STT_MODEL_ID).toBe("yasno-demo-stt");
  });
});

describe("a question sent with its recording", () => {
  it("keeps the audio with the message, playable from history; one recording per message", async () => {
    const account = await newAccount();
    fake.autoReply = ["Да, если договор это позволяет."];
    const voice = await uploadOk(account.record, makeOggOpus(3), "Голосовое сообщение.ogg");
    const { topicId } = splitTopicLine(
      await new StreamReader(
        await startTopic(account, "Можно ли вернуть задаток?", {
          assistantType: "gpt",
          attachments: [voice.attachment_id],
        }),
      ).rest(),
    );
    const history = (await (
      await call(`/topics/${topicId}/history`, { headers: authHeaders(account.record) })
    ).json()) as {
      attachments: { content_type: string; filename: string; url: string }[];
    }[];
    expect(history[0]!.attachments).toEqual([
      expect.objectContaining({ content_type: "audio", filename: "Голосовое сообщение.ogg" }),
    ]);
    const played = await call(history[0]!.attachments[0]!.url.replace(/^.*\/api\/v2/, ""));
    expect(played.status).toBe(200);
    expect(new Uint8Array(await played.arrayBuffer())).toEqual(makeOggOpus(3));
    // The model got the text only.
    expect(JSON.stringify(fake.requests.at(-1)!.body.messages.at(-1))).not.toContain("audio");

    const first = await uploadOk(account.record, makeWebm(), "1.webm");
    const second = await uploadOk(account.record, makeWebm(), "2.webm");
    const two = await startTopic(account, "Два голосовых", {
      assistantType: "gpt",
      attachments: [first.attachment_id, second.attachment_id],
    });
    expect(two.status).toBe(422);
    expect(await detailOf(two)).toBe(ATTACHMENT_TEXTS.tooManyAudio);
  });
});
