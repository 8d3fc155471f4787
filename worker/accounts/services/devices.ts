/** Where a sign-in or a refresh came from, as the account's list of sessions shows it. */
export type Device = { userAgent: string | null; country: string | null };

const COUNTRY = /^[A-Z]{2}$/;

/**
 * The request's user agent and its IP's country: Cloudflare's `request.cf.country`, or the
 * `CF-IPCountry` header it sets; "XX" (unknown) and "T1" (Tor) are no country.
 */
export function deviceOf(request: Request): Device {
  const cf = (request as { cf?: { country?: unknown } }).cf;
  const raw = typeof cf?.country === "string" ? cf.country : request.headers.get("cf-ipcountry");
  const country = raw && COUNTRY.test(raw) && raw !== "XX" ? raw : null;
  return { userAgent: request.headers.get("user-agent")?.slice(0, 300) ?? null, country };
}

const BROWSERS: [RegExp, string][] = [
  [/YaBrowser\//, "Яндекс Браузер"],
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, "Android"],
  [/iPhone|iPad|iPod/, "iOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

const firstOf = (list: [RegExp, string][], ua: string) => list.find(([pattern]) => pattern.test(ua))?.[1];

/** "Chrome, Windows" from a user agent: the browser and the system, or whichever is known; null if neither. */
export function deviceName(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const parts = [firstOf(BROWSERS, userAgent), firstOf(SYSTEMS, userAgent)].filter(Boolean);
  return parts.length ? parts.join(", ") : null;
}
