/** The Login Widget's fields as Telegram signed them: sent back to the server as they came. */
export type TelegramAuthData = Record<string, string> & { id: string; auth_date: string; hash: string };

/** What an external sign-in left in the URL when it sent the browser back (docs/product.md §4). */
export type AuthReturn =
  | { kind: "tokens"; access_token: string; refresh_token: string }
  | { kind: "failed"; status: number | null }
  | { kind: "telegram"; data: TelegramAuthData }
  | { kind: "telegram-failed" };

const TELEGRAM_PREFIX = "#tgAuthResult=";
const TOKEN_PARAMS = ["access_token", "refresh_token"];
const RETURN_PARAMS = [...TOKEN_PARAMS, "status", "error"];

/** Telegram's base64 (URL-safe or not, padded or not) of UTF-8 JSON, into the widget's fields. */
export function decodeTelegramResult(encoded: string): TelegramAuthData | null {
  try {
    const base64 = decodeURIComponent(encoded).replace(/-/g, "+").replace(/_/g, "/");
    const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
    const json: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
    if (!json || typeof json !== "object" || Array.isArray(json)) return null;
    const data: Record<string, string> = {};
    for (const [key, value] of Object.entries(json)) {
      if (value !== null && value !== undefined && typeof value !== "object") data[key] = String(value);
    }
    if (!data.id || !data.auth_date || !data.hash) return null;
    return data as TelegramAuthData;
  } catch {
    return null;
  }
}

/**
 * Reads the result of an external sign-in from a location and says what the URL should become
 * without it, so the tokens do not stay in the address bar or the history.
 */
export function readAuthReturn(location: {
  pathname: string;
  search: string;
  hash: string;
}): { result: AuthReturn; search: string; hash: string } | null {
  const params = new URLSearchParams(location.search);
  // docs/external-sign-in.md: tokens come back on the page the sign-in was started for, a failure
  // as `/login?status=…`; elsewhere `status` may mean something else (a payment's return page).
  if (location.pathname !== "/login") {
    params.delete("status");
    params.delete("error");
  }
  let result: AuthReturn | null = null;
  let hash = location.hash;

  if (hash.startsWith(TELEGRAM_PREFIX)) {
    const data = decodeTelegramResult(hash.slice(TELEGRAM_PREFIX.length));
    result = data ? { kind: "telegram", data } : { kind: "telegram-failed" };
    hash = "";
  }

  const access = params.get("access_token");
  const refresh = params.get("refresh_token");
  const status = params.get("status");
  if (!result) {
    if (access && refresh) result = { kind: "tokens", access_token: access, refresh_token: refresh };
    else if (access || refresh || status !== null || params.has("error")) {
      const code = Number(status);
      result = { kind: "failed", status: status !== null && Number.isInteger(code) ? code : null };
    }
  }
  if (!result) return null;

  const rest = new URLSearchParams(location.search);
  for (const name of location.pathname === "/login" ? RETURN_PARAMS : TOKEN_PARAMS) rest.delete(name);
  const search = rest.toString();
  return { result, search: search ? `?${search}` : "", hash };
}
