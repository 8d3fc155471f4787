import type { SelfUser as SelfUserAnswer } from "../../../../worker/accounts/schemas";
import { api } from "../../api/client";
import { detailText, readDetail } from "../../api/errors";

/** What the account fields need of the self user (docs/product.md §3), from the Worker's shape. */
export type SelfUser = Pick<SelfUserAnswer, "email" | "name"> & { hasPassword: SelfUserAnswer["has_password"] };

/** The server refused: its status and its `detail` as one text, when it sent one. */
export class UserApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | null,
    /** The 422's fields (`loc` names), so a caller can tell what it is about. */
    readonly fields: string[] = [],
  ) {
    super(detail ?? `HTTP ${status}`);
  }
}

const failure = async (response: Parameters<typeof readDetail>[0]) => {
  const detail = await readDetail(response);
  const fields = Array.isArray(detail)
    ? detail.flatMap((item) => (item.loc ?? []).slice(1).filter((p): p is string => typeof p === "string"))
    : [];
  return new UserApiError(response.status, detailText(detail), fields);
};

/** GET /users/self. */
export async function loadSelfUser(): Promise<SelfUser> {
  const response = await api.users.self.$get();
  if (!response.ok) throw await failure(response);
  const user = await response.json();
  return { email: user.email ?? null, name: user.name ?? null, hasPassword: user.has_password ?? true };
}

export type UserPatch = { email: string } | { name: string } | { password: string };
/** The owner's proof a password or e-mail change needs (docs/accounts.md, "Account changes"). */
export type OwnerProof = { current_password?: string; code?: string };

/**
 * PATCH /users/ with one field (and the proof a password or e-mail change needs). Answers the
 * updated user; after a password change the new access token of this session (the change retires
 * every older token, this session's too); after an e-mail change the address waiting for its link.
 */
export async function patchUser(
  patch: UserPatch,
  proof: OwnerProof = {},
): Promise<{ user: SelfUser; accessToken: string | null; pendingEmail: string | null }> {
  const response = await api.users.$patch({ json: { ...patch, ...proof } });
  if (!response.ok) throw await failure(response);
  const body = await response.json();
  return {
    user: { email: body.email ?? null, name: body.name ?? null, hasPassword: body.has_password ?? true },
    accessToken: body.access_token ?? null,
    pendingEmail: body.pending_email ?? null,
  };
}

/** POST /users/self/code: a one-time code to the account's e-mail (accounts without a password). */
export async function requestCode(): Promise<void> {
  const response = await api.users.self.code.$post();
  if (!response.ok) throw await failure(response);
}

/** POST /users/email/confirm: applies the e-mail change behind a link; answers the new address. */
export async function confirmEmail(token: string): Promise<string | null> {
  const response = await api.users.email.confirm.$post({ json: { token } });
  if (!response.ok) throw await failure(response);
  return (await response.json()).email ?? null;
}
