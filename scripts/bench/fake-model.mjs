// A fake OpenAI-compatible model for the benchmarks: `/v1/chat/completions` with `stream: true`
// answers SSE chunks at fixed times, so any delay seen through the Worker is the Worker's own.
import { createServer } from "node:http";

export const CHUNKS = 40;
export const FIRST_CHUNK_MS = 50;
export const CHUNK_INTERVAL_MS = 20;

const chunkText = (i) => `часть-${String(i).padStart(3, "0")} `;
export const fullText = () => Array.from({ length: CHUNKS }, (_, i) => chunkText(i)).join("");

/** `reply` shapes every answer: its chunks, the first after `firstMs`, then one every `intervalMs`. */
export function startFakeModel(
  port,
  reply = { chunks: CHUNKS, firstMs: FIRST_CHUNK_MS, intervalMs: CHUNK_INTERVAL_MS },
) {
  const server = createServer((req, res) => {
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
      res.writeHead(404).end();
      return;
    }
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      const id = `chatcmpl-bench-${Date.now()}`;
      const send = (delta, finish = null) =>
        res.write(
          `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created: Math.floor(Date.now() / 1000), model: "bench-model", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
        );
      let i = 0;
      const tick = () => {
        if (i === 0) send({ role: "assistant", content: chunkText(0) });
        else send({ content: chunkText(i) });
        i++;
        if (i < reply.chunks) setTimeout(tick, reply.intervalMs);
        else {
          send({}, "stop");
          res.end("data: [DONE]\n\n");
        }
      };
      setTimeout(tick, reply.firstMs);
    });
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

/**
 * The Worker's vars that send its model calls to the fake model on `port`, with no retries and no rate limits in the
 * way.
 */
export const workerVarsFor = (port) => ({
  AI_PROVIDER: "openai",
  OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`,
  OPENAI_MODEL: "bench-model",
  AI_MAX_RETRIES: "0",
  RATE_LIMIT_FACTOR: "100000",
});
