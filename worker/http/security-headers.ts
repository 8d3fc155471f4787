import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";

/**
 * The one Content-Security-Policy of the app: the SPA (through web/public/_headers) and every
 * answer of the Worker. No inline script anywhere; inline styles are allowed because Radix Themes
 * sets style attributes; images only from this origin (and data:/blob: previews), so an image in
 * a Markdown reply cannot call another host; no framing (docs/architecture.md, "Security headers").
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** Headers every HTML and API answer carries (web/public/_headers repeats them for the SPA). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy": CONTENT_SECURITY_POLICY,
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  // The microphone stays with the app itself: voice input records on this origin.
  "Permissions-Policy": "camera=(), geolocation=(), microphone=(self), payment=(), usb=()",
};

/** A shared history carries its secret in the URL: nothing of it leaves as a Referer. */
export const SHARE_PAGE_REFERRER_POLICY = "no-referrer";

/**
 * The `_headers` file of the SPA (Pages in production, Workers static assets locally), made from
 * the same constants; test/worker/security-headers.test.ts checks web/public/_headers against it.
 */
export function staticHeadersFile(): string {
  const lines = [
    "# Made from worker/http/security-headers.ts (staticHeadersFile); a Worker test keeps them equal.",
    "/*",
  ];
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) lines.push(`  ${name}: ${value}`);
  lines.push("/share/*", "  ! Referrer-Policy", `  Referrer-Policy: ${SHARE_PAGE_REFERRER_POLICY}`);
  return `${lines.join("\n")}\n`;
}

/**
 * Puts `SECURITY_HEADERS` on every answer of the Worker, errors, 404s and streams included. A
 * header the route set itself (the docs page's own policy) is kept.
 */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.res.status === 101) return;
  const missing = Object.entries(SECURITY_HEADERS).filter(([name]) => !c.res.headers.has(name));
  if (missing.length === 0) return;
  try {
    for (const [name, value] of missing) c.res.headers.set(name, value);
  } catch {
    // A response passed on from fetch() (a Durable Object's stream) has immutable headers:
    // Hono's setter answers with a mutable copy.
    // biome-ignore lint/correctness/noSelfAssign: the setter is what copies the response
    c.res = c.res;
    for (const [name, value] of missing) c.res.headers.set(name, value);
  }
});
