import { api } from "../../api/client";
import { detailText, readDetail } from "../../api/errors";

/** What the account fields need of the self user (SPEC.md §3). */
export type SelfUser = { email: string | null; name: string | null };

/** The server refused: its status and its `detail` as one text, when it sent one. */
export class UserApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | null,
  ) {
    super(detail ?? `HTTP ${status}`);
  }
}

const failure = async (response: Parameters<typeof readDetail>[0]) =>
  new UserApiError(response.status, detailText(await readDetail(response)));

/** GET /users/self. */
export async function loadSelfUser(): Promise<SelfUser> {
  const response = await api.users.self.$get();
  if (!response.ok) throw await failure(response);
  const user = await response.json();
  return { email: user.email ?? null, name: user.name ?? null };
}

export type UserPatch = { email: string } | { name: string } | { password: string };

/**
 * PATCH /users/ with one field. Answers the updated user, and after a password change the new
 * access token of this session (the change retires every older token, this session's too).
 */
export async function patchUser(patch: UserPatch): Promise<{ user: SelfUser; accessToken: string | null }> {
  const response = await api.users.$patch({ json: patch });
  if (!response.ok) throw await failure(response);
  const body = await response.json();
  return { user: { email: body.email ?? null, name: body.name ?? null }, accessToken: body.access_token ?? null };
}
