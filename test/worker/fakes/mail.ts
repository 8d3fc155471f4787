// A fake of Resend's `POST /emails` at its HTTP boundary: it checks the Bearer key and the JSON the
// way Resend does and answers like Resend (`{id}`, or `{statusCode, name, message}` on refusal).
// The outbox table keeps letters with their links redacted, so this fake is where a test reads a
// recovery, confirmation or invitation link, or a one-time code. The letters go out in the
// background (waitUntil), so a test waits for them by polling (`waitFor`), never by sleeping.

import { env } from "cloudflare:test";
import { afterEach, beforeEach } from "vitest";
import { waitFor } from "./openai";

export type Letter = { id: string; from: string; to: string[]; subject: string; text: string; html?: string };

export const FAKE_MAIL_URL = "https://mail.fake.test/emails";
export const FAKE_MAIL_KEY = "re_fake_mail_key";

export class FakeMail {
  /** Every accepted letter, oldest first. */
  readonly letters: Letter[] = [];
  /** Every call, accepted or not. */
  calls = 0;
  /** When set, every letter is refused with this status (after the checks). */
  failWith: number | null = null;

  constructor(
    readonly url: string,
    readonly apiKey: string,
  ) {}

  reset(): void {
    this.letters.length = 0;
    this.calls = 0;
    this.failWith = null;
  }

  handles(url: string): boolean {
    return url.startsWith(this.url);
  }

  async fetch(request: Request): Promise<Response> {
    this.calls++;
    const fail = (statusCode: number, name: string, message: string) =>
      Response.json({ statusCode, name, message }, { status: statusCode });
    if (request.method !== "POST" || request.url !== this.url)
      return fail(405, "method_not_allowed", "Method not allowed");
    const auth = request.headers.get("authorization");
    if (!auth) return fail(401, "missing_api_key", "Missing API key in the authorization header");
    if (auth !== `Bearer ${this.apiKey}`) return fail(403, "invalid_api_key", "API key is invalid");
    if (!request.headers.get("content-type")?.startsWith("application/json"))
      return fail(422, "validation_error", "Invalid content type");
    let letter: Omit<Letter, "id">;
    try {
      letter = (await request.json()) as Omit<Letter, "id">;
    } catch {
      return fail(422, "validation_error", "Invalid JSON");
    }
    for (const field of ["from", "to", "subject"] as const) {
      if (!letter[field] || (Array.isArray(letter[field]) && letter[field].length === 0))
        return fail(422, "validation_error", `Missing \`${field}\` field.`);
    }
    if (!letter.text && !letter.html) return fail(422, "validation_error", "Missing `html` or `text` field.");
    if (this.failWith) return fail(this.failWith, "application_error", "Something went wrong");
    const id = crypto.randomUUID();
    this.letters.push({ id, ...letter });
    return Response.json({ id });
  }

  /** The letters to `to` so far, oldest first (addresses compared case-insensitively). */
  lettersTo(to: string): Letter[] {
    return this.letters.filter((l) => l.to.some((t) => t.toLowerCase() === to.toLowerCase()));
  }

  /** The `count`-th letter to `to` (1 = the first), once it has arrived. */
  waitFor(to: string, count = 1): Promise<Letter> {
    return waitFor(() => this.lettersTo(to)[count - 1]);
  }

  /**
   * The first capture of `pattern` in the newest letter to `to` whose text matches it, once one
   * has arrived: `await mail.linkIn(email, /\/recovery\/([\w-]+)/)`.
   */
  linkIn(to: string, pattern: RegExp): Promise<string> {
    return waitFor(() => {
      const letter = this.lettersTo(to)
        .reverse()
        .find((l) => pattern.test(l.text));
      return letter?.text.match(pattern)?.[1];
    });
  }
}

/**
 * The Worker's outbound fetch: the fake mail API by URL, anything else to `previous` (the fetch in
 * place before, which may be another fake's router), so this fake composes with the others.
 */
export function fetchThrough(fake: FakeMail, previous: typeof fetch): typeof fetch {
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (fake.handles(request.url)) return fake.fetch(request);
    return previous(input, init);
  };
}

/**
 * Turns the mail provider on against a fresh fake for each test of the calling file (or describe
 * block), and off again afterwards. It wraps whatever fetch is in place when its beforeEach runs
 * and puts exactly that back, so with other fakes (useFakeOpenAI, YooKassa, routeFetchToFakes)
 * call useFakeMail() after theirs are set up: a stub installed later would hide it.
 */
export function useFakeMail(): FakeMail {
  const fake = new FakeMail(FAKE_MAIL_URL, FAKE_MAIL_KEY);
  let previous: typeof fetch | null = null;
  let saved: { url: string | undefined; key: string | undefined } | null = null;
  beforeEach(() => {
    fake.reset();
    previous = globalThis.fetch;
    globalThis.fetch = fetchThrough(fake, previous);
    // The Worker reads its env per request from the same object the tests hold.
    saved = { url: env.MAIL_API_URL, key: env.MAIL_API_KEY };
    env.MAIL_API_URL = FAKE_MAIL_URL;
    env.MAIL_API_KEY = FAKE_MAIL_KEY;
  });
  afterEach(() => {
    if (previous) globalThis.fetch = previous;
    previous = null;
    if (saved) {
      env.MAIL_API_URL = saved.url as string;
      env.MAIL_API_KEY = saved.key;
    }
    saved = null;
  });
  return fake;
}
