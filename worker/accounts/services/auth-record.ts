import type { Db } from "../../db/client";
import type { Env } from "../../env";
import type { AuthRecord } from "../schemas";
import type { Device } from "./devices";
import { createSession } from "./sessions";
import { signAccessToken, type Role } from "./tokens";

/** What sign-in, registration and external sign-in answer (docs/product.md §3). */
export type { AuthRecord };

/** Starts a session for `user` (one refresh family) and signs its first access token. */
export async function issueAuthRecord(
  env: Env,
  db: Db,
  user: {
    id: number;
    email: string | null;
    name: string | null;
    role: Role;
    tokenVersion: number;
    historyShard: number | null;
  },
  device?: Device,
): Promise<AuthRecord> {
  const { sessionId, refreshToken } = await createSession(db, user.id, device);
  const { token } = await signAccessToken(env, {
    userId: user.id,
    role: user.role,
    ver: user.tokenVersion,
    sid: sessionId,
    historyShard: user.historyShard,
  });
  return { access_token: token, refresh_token: refreshToken, email: user.email, name: user.name };
}
