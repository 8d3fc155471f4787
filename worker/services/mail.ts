import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema";
import type { Env } from "../env";

export type Mail = { to: string; subject: string; text: string; html?: string };
export type MailStatus = "stored" | "sent" | "failed";

/**
 * The mail adapter. With MAIL_API_URL and MAIL_API_KEY set it hands the letter to an HTTP mail API
 * speaking Resend's JSON (`POST {from, to, subject, text, html}` with a Bearer key) and records the
 * outcome; without them (locally, in tests) the letter only goes to the mail_outbox table.
 * Never throws for a refused letter: the caller's request has already been answered or must not
 * reveal whether mail went out.
 */
export async function sendMail(env: Env, db: Db, mail: Mail): Promise<MailStatus> {
  let status: MailStatus = "stored";
  if (env.MAIL_API_URL && env.MAIL_API_KEY) {
    status = await deliver(env.MAIL_API_URL, env.MAIL_API_KEY, { from: env.MAIL_FROM, ...mail });
  }
  await db.insert(mailOutbox).values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null, status });
  return status;
}

async function deliver(url: string, key: string, letter: Mail & { from: string }): Promise<MailStatus> {
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify({ from: letter.from, to: [letter.to], subject: letter.subject, text: letter.text, html: letter.html }),
    });
    if (res.ok) return "sent";
    console.error("mail API refused", res.status, (await res.text()).slice(0, 500));
  } catch (err) {
    console.error("mail API unreachable", err);
  }
  return "failed";
}
