// When did each of the fake model's chunks reach the reader? Chunks may coalesce on the way, so a
// chunk counts as arrived when the text read so far covers it.
import { CHUNKS, fullText } from "./fake-model.mjs";

const chunkEnds = (() => {
  const text = fullText();
  const ends = [];
  let at = 0;
  for (let i = 0; i < CHUNKS; i++) {
    at = text.indexOf(" ", at) + 1;
    ends.push(at);
  }
  return ends;
})();

/** Reads a response body, turning its bytes into text with `toText`, and times every chunk's arrival. */
export async function timeChunks(started, response, toText) {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const arrivals = [];
  let raw = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    raw += value;
    const text = toText(raw);
    const now = performance.now() - started;
    while (arrivals.length < CHUNKS && text.length >= chunkEnds[arrivals.length]) arrivals.push(now);
  }
  if (arrivals.length !== CHUNKS) throw new Error(`пришло ${arrivals.length} из ${CHUNKS} частей`);
  return arrivals;
}

/** Reads a response body until its first chunk of the model's text, then lets go of the rest: ms to that chunk. */
export async function timeFirstChunk(started, response, toText) {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let raw = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) throw new Error(`${response.url}: the stream ended before its first chunk`);
    raw += value;
    if (toText(raw).length >= chunkEnds[0]) {
      const at = performance.now() - started;
      await reader.cancel();
      return at;
    }
  }
}

/** The assistant text inside an OpenAI-style SSE body. */
export function sseText(raw) {
  let text = "";
  for (const line of raw.split("\n")) {
    if (!line.startsWith("data: ") || line === "data: [DONE]") continue;
    try {
      text += JSON.parse(line.slice(6)).choices?.[0]?.delta?.content ?? "";
    } catch {
      // a line cut mid-way: the next read completes it
    }
  }
  return text;
}

/** The reply inside our stream: everything after the `topic_id: <id>` line. */
export function replyText(raw) {
  const newline = raw.indexOf("\n");
  return raw.startsWith("topic_id:") ? (newline === -1 ? "" : raw.slice(newline + 1)) : raw;
}
