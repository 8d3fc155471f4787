import type { Db } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import type { Env } from "../../env";
import { logEvent } from "../../http/log";

export type Mail = { to: string; subject: string; text: string; html?: string };
export type MailStatus = "stored" | "sent" | "failed";
/** What a letter's secrets (links, codes) are replaced with in the outbox copy. */
export const REDACTED = "[скрыто]";

/**
 * The mail adapter. With MAIL_API_URL and MAIL_API_KEY set it hands the letter to an HTTP mail API
 * speaking Resend's JSON (`POST {from, to, subject, text, html}` with a Bearer key) and records the
 * outcome; without them (locally, in tests) the letter only goes to the mail_outbox table.
 * `secrets` (recovery, confirmation and invitation tokens, one-time codes) never reach the outbox:
 * its copy has each replaced with REDACTED, so a database reader gets no working link. Without a
 * mail provider a letter that had secrets is printed whole to the Worker's log (a warning) instead, so a
 * developer can still follow the link (docs/accounts.md, "Mail adapter").
 * Never throws for a refused letter: the caller's request has already been answered or must not
 * reveal whether mail went out.
 */
export async function sendMail(
  env: Env,
  db: Db,
  mail: Mail,
  options: { secrets?: string[] } = {},
): Promise<MailStatus> {
  const secrets = (options.secrets ?? []).filter((s) => s.length > 0);
  let status: MailStatus = "stored";
  if (env.MAIL_API_URL && env.MAIL_API_KEY) {
    status = await deliver(env.MAIL_API_URL, env.MAIL_API_KEY, { from: env.MAIL_FROM, ...mail });
  } else if (secrets.length > 0) {
    // A warning, not a log line: `wrangler dev --log-level warn` (npm start) shows only those.
    console.warn(
      `[mail] no mail provider set, so this letter was not sent:\nTo: ${mail.to}\nSubject: ` +
        `${mail.subject}\n\n${mail.text}`,
    );
  }
  const stored = redact(mail, secrets);
  await db
    .insert(mailOutbox)
    .values({ to: stored.to, subject: stored.subject, text: stored.text, html: stored.html ?? null, status });
  return status;
}

function redact(mail: Mail, secrets: string[]): Mail {
  const hide = (s: string) => secrets.reduce((out, secret) => out.split(secret).join(REDACTED), s);
  return {
    to: mail.to,
    subject: hide(mail.subject),
    text: hide(mail.text),
    html: mail.html === undefined ? undefined : hide(mail.html),
  };
}

async function deliver(url: string, key: string, letter: Mail & { from: string }): Promise<MailStatus> {
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        from: letter.from,
        to: [letter.to],
        subject: letter.subject,
        text: letter.text,
        html: letter.html,
      }),
    });
    if (res.ok) return "sent";
    logEvent("error", "mail API refused", { status: res.status, answer: (await res.text()).slice(0, 500) });
  } catch (err) {
    logEvent("error", "mail API unreachable", { err });
  }
  return "failed";
}
