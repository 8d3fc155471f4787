// A fake Telegram Bot API at its HTTP boundary: `POST <root>/bot<token>/<method>` with a JSON (or
// form) body answers `{ok: true, result}` or `{ok: false, error_code, description}` as Telegram does,
// and `GET <root>/file/bot<token>/<file_path>` serves a file getFile named. It keeps the chat's
// messages, so an edit to an unknown message or with the same text is refused as the real one
// refuses it, refuses a message to a chat that blocked the bot (403) or one under flood control (429),
// and records every call for the tests' assertions.

export type BotApiCall = { method: string; params: Record<string, unknown>; at: number };

type Sent = { chatId: number; text: string; html: boolean };

export class FakeTelegram {
  readonly calls: BotApiCall[] = [];
  readonly messages = new Map<number, Sent>();
  readonly files = new Map<string, { path: string; bytes: Uint8Array }>();
  /** Chats whose person blocked the bot: a message to them is refused with Telegram's 403. */
  readonly blocked = new Set<number>();
  /** Chats whose next message is refused with a 429 (Telegram's flood control), once each. */
  readonly floodOnce = new Set<number>();
  private nextMessageId = 100;

  constructor(
    readonly root: string,
    readonly token: string,
  ) {}

  reset(): void {
    this.calls.length = 0;
    this.messages.clear();
    this.files.clear();
    this.blocked.clear();
    this.floodOnce.clear();
  }

  handles(url: string): boolean {
    return url.startsWith(this.root);
  }

  /** The calls of one method, in order. */
  callsOf(method: string): Record<string, unknown>[] {
    return this.calls.filter((c) => c.method === method).map((c) => c.params);
  }

  /** Every text the chat shows now, in order: sent messages as last edited. */
  chatTexts(chatId: number): string[] {
    return [...this.messages.values()].filter((m) => m.chatId === chatId).map((m) => m.text);
  }

  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.slice(new URL(this.root).pathname.replace(/\/$/, "").length);
    const file = /^\/file\/bot([^/]+)\/(.+)$/.exec(path);
    if (file && request.method === "GET") {
      const found = [...this.files.values()].find((f) => f.path === file[2]);
      if (file[1] !== this.token || !found) return new Response("Not Found", { status: 404 });
      return new Response(found.bytes);
    }
    const call = /^\/bot([^/]+)\/(\w+)$/.exec(path);
    if (!call) return failure(404, "Not Found");
    if (call[1] !== this.token) return failure(401, "Unauthorized");
    const method = call[2]!;
    const params = await paramsOf(request);
    this.calls.push({ method, params, at: Date.now() });
    switch (method) {
      case "sendMessage":
        return this.send(params);
      case "editMessageText":
        return this.edit(params);
      case "answerCallbackQuery":
      case "sendChatAction":
        return success(true);
      case "getFile": {
        const f = this.files.get(String(params.file_id));
        if (!f) return failure(400, "Bad Request: invalid file_id");
        return success({
          file_id: params.file_id,
          file_unique_id: `u${params.file_id}`,
          file_size: f.bytes.byteLength,
          file_path: f.path,
        });
      }
      default:
        return failure(404, "Not Found: method not found");
    }
  }

  private send(params: Record<string, unknown>): Response {
    const text = String(params.text ?? "");
    if (!text.trim()) return failure(400, "Bad Request: message text is empty");
    if (text.length > 4096) return failure(400, "Bad Request: message is too long");
    const chatId = Number(params.chat_id);
    if (this.blocked.has(chatId)) return failure(403, "Forbidden: bot was blocked by the user");
    if (this.floodOnce.delete(chatId))
      return failure(429, "Too Many Requests: retry after 5", { parameters: { retry_after: 5 } });
    const id = this.nextMessageId++;
    this.messages.set(id, { chatId, text, html: params.parse_mode === "HTML" });
    return success(messageOf(id, chatId, text));
  }

  private edit(params: Record<string, unknown>): Response {
    const id = Number(params.message_id);
    const chatId = Number(params.chat_id);
    const text = String(params.text ?? "");
    const message = this.messages.get(id);
    if (!message || message.chatId !== chatId) return failure(400, "Bad Request: message to edit not found");
    if (text.length > 4096) return failure(400, "Bad Request: MESSAGE_TOO_LONG");
    if (message.text === text && !params.reply_markup)
      return failure(
        400,
        "Bad Request: message is not modified: specified new message content and reply markup are exactly the same",
      );
    this.messages.set(id, { chatId, text, html: params.parse_mode === "HTML" });
    return success(messageOf(id, chatId, text));
  }
}

const success = (result: unknown) => Response.json({ ok: true, result });
const failure = (code: number, description: string, extra: Record<string, unknown> = {}) =>
  Response.json({ ok: false, error_code: code, description, ...extra }, { status: code });

const messageOf = (id: number, chatId: number, text: string) => ({
  message_id: id,
  date: Math.floor(Date.now() / 1000),
  chat: { id: chatId, type: "private" },
  from: { id: 123456789, is_bot: true, first_name: "Ясно", username: "yasno_bot" },
  text,
});

/** A Bot API call's parameters: JSON, or a form (files) whose non-file fields are JSON-encoded when objects. */
async function paramsOf(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/json")) return (await request.json()) as Record<string, unknown>;
  if (type.includes("multipart/form-data") || type.includes("x-www-form-urlencoded")) {
    const form = await request.formData();
    return Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === "string" ? v : "[file]"]));
  }
  return {};
}
