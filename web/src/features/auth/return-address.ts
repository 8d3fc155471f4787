/** What the access gate puts in the history state when it sends someone to Login. */
export type GateState = { from?: string; notice?: string };

/** Where to go after signing in: the page the access gate turned the user away from, if any. */
export function returnAddress(state: unknown): string | null {
  const from = (state as GateState | null)?.from;
  // Only a path of this app: never another origin (`//host`) or the API.
  if (typeof from !== "string" || !from.startsWith("/") || from.startsWith("//") || from.startsWith("/\\")) return null;
  return from.startsWith("/api/") ? null : from;
}

/** A success note another page left for this one (e.g. "password changed" for Login). */
export function noticeOf(state: unknown): string | null {
  const notice = (state as GateState | null)?.notice;
  return typeof notice === "string" && notice.trim() ? notice : null;
}
