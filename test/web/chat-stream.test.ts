import { describe, expect, it } from "vitest";
import { readTextStream, TopicIdMarker } from "../../web/src/api/stream";
import { replyStream } from "./chat-fakes";

/** Runs pieces through a marker as a stream would: what the user sees, and the id. */
function throughMarker(pieces: string[]) {
  const marker = new TopicIdMarker();
  const shown = pieces.map((piece) => marker.push(piece)).join("") + marker.end();
  return { shown, topicId: marker.topicId };
}

describe("the topic_id marker of a new topic's stream", () => {
  const stream = "topic_id: 42\nЗдравствуйте! Это ответ.";

  it("is taken off the text, and the id kept, when it comes whole", () => {
    expect(throughMarker([stream])).toEqual({ shown: "Здравствуйте! Это ответ.", topicId: "42" });
  });

  it("is taken off however the stream is split into two chunks", () => {
    for (let cut = 0; cut <= stream.length; cut++) {
      expect(throughMarker([stream.slice(0, cut), stream.slice(cut)]), `cut at ${cut}`).toEqual({
        shown: "Здравствуйте! Это ответ.",
        topicId: "42",
      });
    }
  });

  it("is taken off when every character comes in its own chunk", () => {
    expect(throughMarker([...stream])).toEqual({ shown: "Здравствуйте! Это ответ.", topicId: "42" });
  });

  it("holds back only what may still be the marker, and nothing after its line", () => {
    const marker = new TopicIdMarker();
    expect(marker.push("topic_")).toBe("");
    expect(marker.push("id: 7")).toBe("");
    expect(marker.push("\nПер")).toBe("Пер");
    expect(marker.topicId).toBe("7");
    expect(marker.push("вый")).toBe("вый");
  });

  it("accepts a uuid and a CRLF line end", () => {
    expect(throughMarker(["topic_id: 3f1c2a9e-1b2c-4d5e-8f90-123456789abc\r\nОтвет"])).toEqual({
      shown: "Ответ",
      topicId: "3f1c2a9e-1b2c-4d5e-8f90-123456789abc",
    });
  });

  it("leaves a stream without the marker untouched, even one that starts like it", () => {
    expect(throughMarker(["Ответ без маркера"])).toEqual({ shown: "Ответ без маркера", topicId: null });
    expect(throughMarker(["top", "ic is a word"])).toEqual({ shown: "topic is a word", topicId: null });
    expect(throughMarker(["t"])).toEqual({ shown: "t", topicId: null });
  });

  it("a later line that looks like the marker is the reply's text", () => {
    expect(throughMarker(["topic_id: 1\nтекст\ntopic_id: 2\n"])).toEqual({
      shown: "текст\ntopic_id: 2\n",
      topicId: "1",
    });
  });

  it("a stream that ends right after the marker line shows nothing", () => {
    expect(throughMarker(["topic_id: 9"])).toEqual({ shown: "", topicId: "9" });
    expect(throughMarker(["topic_id: 9\n"])).toEqual({ shown: "", topicId: "9" });
  });
});

describe("reading a streamed reply", () => {
  it("hands each chunk on as it arrives, before the stream ends", async () => {
    const reply = replyStream();
    const seen: string[] = [];
    const done = readTextStream(reply.response().body!, (text) => seen.push(text));
    reply.push("Раз ");
    await expect.poll(() => seen).toEqual(["Раз "]);
    reply.push("два");
    await expect.poll(() => seen).toEqual(["Раз ", "два"]);
    reply.close();
    await done;
    expect(seen.join("")).toBe("Раз два");
  });

  it("decodes a Cyrillic letter whose bytes are split across chunks", async () => {
    const reply = replyStream();
    const bytes = new TextEncoder().encode("Ясно");
    const seen: string[] = [];
    const done = readTextStream(reply.response().body!, (text) => seen.push(text));
    reply.pushBytes(bytes.slice(0, 1));
    reply.pushBytes(bytes.slice(1, 5));
    reply.pushBytes(bytes.slice(5));
    reply.close();
    await done;
    expect(seen.join("")).toBe("Ясно");
    expect(seen.every((piece) => !piece.includes("\uFFFD"))).toBe(true);
  });

  it("rejects when the connection breaks", async () => {
    const reply = replyStream();
    const done = readTextStream(reply.response().body!, () => undefined);
    reply.push("нача");
    reply.fail();
    await expect(done).rejects.toThrow();
  });

  it("stops reading (and lets the server know) when aborted", async () => {
    const reply = replyStream();
    const abort = new AbortController();
    const seen: string[] = [];
    const done = readTextStream(reply.response().body!, (text) => seen.push(text), abort.signal);
    reply.push("часть");
    await expect.poll(() => seen.length).toBe(1);
    abort.abort();
    await done;
    expect(reply.cancelled).toBe(true);
  });
});
