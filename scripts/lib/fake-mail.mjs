// A tiny fake of Resend's mail API for the browser tests: `POST /emails` with a Bearer key and
// `{from, to, subject, text, html}` answers `{id}` and keeps the letter; `GET /letters?to=` answers
// the letters to that address, newest first. The Worker's outbox keeps links redacted, so this is
// where the browser tests read recovery and confirmation links.
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";

/** Listens on 127.0.0.1:`port`; resolves with the server once it does. */
export function startFakeMail({ port, apiKey }) {
  const letters = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const answer = (status, body) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method === "GET" && url.pathname === "/letters") {
      const to = (url.searchParams.get("to") ?? "").toLowerCase();
      return answer(200, letters.filter((l) => l.to.some((t) => t.toLowerCase() === to)).reverse());
    }
    if (req.method !== "POST" || url.pathname !== "/emails")
      return answer(404, { statusCode: 404, name: "not_found", message: "Not found" });
    if (req.headers.authorization !== `Bearer ${apiKey}`)
      return answer(403, { statusCode: 403, name: "invalid_api_key", message: "API key is invalid" });
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      let letter;
      try {
        letter = JSON.parse(raw);
      } catch {
        return answer(422, { statusCode: 422, name: "validation_error", message: "Invalid JSON" });
      }
      if (
        !letter.from ||
        !Array.isArray(letter.to) ||
        letter.to.length === 0 ||
        !letter.subject ||
        !(letter.text || letter.html)
      ) {
        return answer(422, {
          statusCode: 422,
          name: "validation_error",
          message: "Missing `from`, `to`, `subject` or body",
        });
      }
      const id = randomUUID();
      letters.push({ id, ...letter, created_at: new Date().toISOString() });
      answer(200, { id });
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}
