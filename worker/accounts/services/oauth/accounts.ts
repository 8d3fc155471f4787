import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { identities, users } from "../../../db/schema";
import { ApiError } from "../../../http/errors";
import { noticePendingInvitations } from "../../../companies/services/company-invitations";
import { createUser, findUserByEmail, normalizeEmail, type User } from "../users";
import type { ExternalProfile, OAuthProviderName } from "./provider";

export type IdentityProvider = OAuthProviderName | "tg";

export type ExternalSignIn = { kind: "user"; user: User } | { kind: "email_taken" } | { kind: "blocked" };

/**
 * Who an external sign-in is: the user already linked to this provider account; else the
 * external-only user with the same verified e-mail (linked now); else a new user. A verified
 * e-mail of a password account is refused: taking it over needs that password, not the provider.
 * Unverified e-mails never link and are not stored on the user (only on the identity). A blocked
 * user is refused before anything is linked to it.
 */
export async function resolveExternalUser(
  db: Db,
  provider: IdentityProvider,
  profile: ExternalProfile,
): Promise<ExternalSignIn> {
  try {
    return await attempt(db, provider, profile);
  } catch (err) {
    // A parallel sign-in of the same person won a unique index; its rows are visible now.
    if (err instanceof RaceLost || (err instanceof ApiError && err.status === 409))
      return attempt(db, provider, profile);
    throw err;
  }
}

class RaceLost extends Error {}

async function attempt(db: Db, provider: IdentityProvider, profile: ExternalProfile): Promise<ExternalSignIn> {
  const linked = await db
    .select({ user: users })
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .where(and(eq(identities.provider, provider), eq(identities.providerUserId, profile.providerUserId)))
    .get();
  if (linked) return linked.user.blockedAt === null ? { kind: "user", user: linked.user } : { kind: "blocked" };

  const email = profile.emailVerified && profile.email ? normalizeEmail(profile.email) : null;
  if (email) {
    const owner = await findUserByEmail(db, email);
    if (owner?.passwordHash) return { kind: "email_taken" };
    if (owner) {
      if (owner.blockedAt !== null) return { kind: "blocked" };
      if (!(await link(db, owner.id, provider, profile))) throw new RaceLost();
      return { kind: "user", user: owner };
    }
  }

  const user = await createUser(db, { email, name: profile.name, passwordHash: null });
  if (!(await link(db, user.id, provider, profile))) {
    await db.delete(users).where(eq(users.id, user.id));
    throw new RaceLost();
  }
  if (email) await noticePendingInvitations(db, user.id, email);
  return { kind: "user", user };
}

/** False when this provider account is already linked (to anyone). */
async function link(db: Db, userId: number, provider: IdentityProvider, profile: ExternalProfile): Promise<boolean> {
  const rows = await db
    .insert(identities)
    .values({
      userId,
      provider,
      providerUserId: profile.providerUserId,
      email: profile.email?.trim().toLowerCase() || null,
    })
    .onConflictDoNothing()
    .returning({ id: identities.id });
  return rows.length > 0;
}
