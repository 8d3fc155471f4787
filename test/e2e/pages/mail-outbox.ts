import { expect, type APIRequestContext } from "@playwright/test";

/** The fake mail API the browser tests' server starts beside the Worker (scripts/e2e-server.mjs). */
const port = Number(process.env.E2E_PORT ?? 8788);
const FAKE_MAIL = `http://127.0.0.1:${Number(process.env.E2E_MAIL_PORT ?? port + 2000)}`;

type Letter = { to: string[]; subject: string; text: string; html?: string };

/** The letters to `to` the fake mail API has received, newest first. */
export async function lettersTo(request: APIRequestContext, to: string): Promise<Letter[]> {
  const res = await request.get(`${FAKE_MAIL}/letters?to=${encodeURIComponent(to)}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Letter[];
}

/**
 * The path of the first link to `pathPrefix` (e.g. "/recovery/") in the newest letter to `to` that
 * has one. The Worker's outbox keeps such links redacted, so it is read from the fake mail API; the
 * mail goes out in the background, so it is waited for.
 */
export async function linkFor(request: APIRequestContext, to: string, pathPrefix: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s/]+(${pathPrefix.replace(/[/]/g, "\\/")}[A-Za-z0-9_-]+)`);
  let path: string | null = null;
  await expect
    .poll(async () => {
      for (const letter of await lettersTo(request, to)) {
        path = letter.text.match(pattern)?.[1] ?? null;
        if (path) break;
      }
      return path;
    })
    .not.toBeNull();
  return path!;
}

/** The path of the recovery link in the newest recovery mail to `to`. */
export const recoveryLinkFor = (request: APIRequestContext, to: string) => linkFor(request, to, "/recovery/");
