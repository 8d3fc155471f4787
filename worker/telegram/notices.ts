import { Api, GrammyError, HttpError } from "grammy";
import type { BotEnv } from "./env";
import { escapeHtml, MESSAGE_LIMIT, toTelegramHtml } from "./format";
import { type ClaimedNotice, type NoticeResult, noticeQueue } from "./internal-api";

/** Notices claimed per cron tick (a minute): 300 at the pace below take 12 s (docs/telegram.md). */
export const NOTICE_BATCH = 300;
/**
 * One message every 40 ms, 25 a second: under Telegram's about 30 a second for a bot overall, leaving
 * room for the chats' own replies sent meanwhile.
 */
export const NOTICE_INTERVAL_MS = 40;

type Outcome = NoticeResult["outcome"];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The notice as the bot writes text: the title in bold, the text from Markdown to Telegram's HTML, split. */
export function noticeMessages(notice: Pick<ClaimedNotice, "title" | "text">): string[] {
  const title = `<b>${escapeHtml(notice.title)}</b>`;
  const [first = "", ...rest] = toTelegramHtml(notice.text, MESSAGE_LIMIT - title.length - 2);
  return [first.trim() ? `${title}\n\n${first}` : title, ...rest];
}

/**
 * What Telegram's refusal means for the delivery: 403 the person blocked the bot (or deleted their
 * account); 429 and 5xx, or no answer, come again next tick; anything else (a 400 «chat not found») is
 * final.
 */
function outcomeOf(err: unknown): Outcome {
  if (err instanceof GrammyError) {
    if (err.error_code === 403) return "blocked";
    if (err.error_code === 429 || err.error_code >= 500) return "retry";
    return "failed";
  }
  return err instanceof HttpError ? "retry" : "failed";
}

/**
 * One cron tick: claims a batch of notices through the internal API, sends each at Telegram's pace,
 * and reports what became of them. Nothing at all without a token. A «try again» from Telegram (429,
 * 5xx, the network) ends the tick: the rest go back to the queue for the next one.
 */
export async function sendNotices(env: BotEnv): Promise<void> {
  if (!env.TELEGRAM_BOT_TOKEN) return;
  const queue = noticeQueue(env);
  const batch = Number(env.TELEGRAM_NOTICE_BATCH) || NOTICE_BATCH;
  const notices = await queue.claim(Math.min(batch, 500));
  if (notices.length === 0) return;
  const api = new Api(env.TELEGRAM_BOT_TOKEN, {
    apiRoot: env.TELEGRAM_API_ROOT || "https://api.telegram.org",
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init)) as never,
  });
  const results: NoticeResult[] = [];
  let paused = false;
  let lastAt = 0;
  for (const notice of notices) {
    let outcome: Outcome = "retry";
    if (!paused) {
      let sent = 0;
      try {
        for (const html of noticeMessages(notice)) {
          await sleep(Math.max(0, lastAt + NOTICE_INTERVAL_MS - Date.now()));
          lastAt = Date.now();
          await api.sendMessage(Number(notice.external_id), html, { parse_mode: "HTML" });
          sent++;
        }
        outcome = "sent";
      } catch (err) {
        outcome = outcomeOf(err);
        // Half a notice already in the chat is not sent again from its start.
        if (outcome === "retry" && sent > 0) outcome = "failed";
        paused = outcome === "retry";
        if (outcome !== "blocked")
          console.error(JSON.stringify({ level: "error", msg: "telegram notice failed", outcome, err: String(err) }));
      }
    }
    results.push({ notification_id: notice.notification_id, user_id: notice.user_id, outcome });
  }
  await queue.report(results);
}
