import { decodeJwt } from "jose";
import { useAuth } from "./auth-store";

/**
 * Who the cached answers belong to: the user id (`sub`) of the session's access token, which stays
 * the same across refreshes. Every query key of a signed-in call starts with its feature and this,
 * so one user's answers can never show for another, even for the moment before a sign-out clears
 * the cache. Null when signed out (or the token cannot be read).
 */
export function userKeyOf(accessToken: string | null | undefined): string | null {
  if (!accessToken) return null;
  try {
    const { sub } = decodeJwt(accessToken);
    return typeof sub === "string" ? sub : null;
  } catch {
    return null;
  }
}

/** The signed-in user's key for query keys (see `userKeyOf`). */
export const useUserKey = () => useAuth((s) => userKeyOf(s.record?.access_token));

/** The same outside React (a store's action). */
export const currentUserKey = () => userKeyOf(useAuth.getState().record?.access_token);

/** True while a user is signed in: signed-in queries wait for it. */
export const useSignedIn = () => useAuth((s) => s.status === "authenticated");
