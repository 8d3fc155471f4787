import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companies, companyInvitations, companyMembers, users } from "../../db/schema";
import type { Env } from "../../env";
import { ApiError } from "../../http/errors";
import { sendMail } from "../../accounts/services/mail";
import { createNotification } from "../../accounts/services/notifications";
import { newOpaqueToken, sha256Hex } from "../../accounts/services/opaque-tokens";
import { findUserByEmail, normalizeEmail, type User } from "../../accounts/services/users";
import type { Invitation, MyInvitation } from "../schemas";
import { quoted } from "./quoted";

type Company = typeof companies.$inferSelect;
type InvitationRow = typeof companyInvitations.$inferSelect;
export type InvitationStatus = InvitationRow["status"];

export const INVITATION_TEXTS = {
  notFound: "Приглашение не найдено",
  alreadyEmployee: "Этот пользователь уже сотрудник компании",
  answered: "На это приглашение уже ответили: отозвать можно только ожидающее",
} as const;

/** The page a mailed link opens (web/src/features/account/InvitationPage.tsx). */
export const invitationLink = (env: Env, token: string) => new URL(`/invitations/${token}`, env.APP_URL).toString();

/** An invitation as a manager of the company sees it: what they typed, and its state. */
export function invitationView(i: InvitationRow): Invitation {
  return {
    id: i.id,
    email: i.email,
    role: i.role,
    allowance: i.allowance,
    status: i.status,
    created_at: new Date(i.createdAt).toISOString(),
    responded_at: i.respondedAt === null ? null : new Date(i.respondedAt).toISOString(),
  };
}
export type InvitationView = Invitation;

export type NewInvitation = { email: string; role: "admin" | "member"; allowance: number | null };

/**
 * `POST /companies/{id}/employees`: always an invitation, whether or not the e-mail has an
 * account, and always the same answer (the invitation), so the inviter learns nothing about the
 * account. Inviting the same e-mail again makes the invitation pending anew with a fresh token (the
 * old link stops working). 409 only for an e-mail that is already an employee, which the manager
 * sees in the company anyway. `deliver` (run it in the background: its timing must not tell
 * either) mails the link and, when the account exists, leaves an in-app notice.
 */
export async function inviteEmployee(env: Env, db: Db, company: Company, inviterId: number, input: NewInvitation) {
  const email = normalizeEmail(input.email);
  const [member] = await db
    .select({ id: companyMembers.id })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, company.id), eq(users.email, email)));
  if (member) throw ApiError.conflict(INVITATION_TEXTS.alreadyEmployee);
  const token = newOpaqueToken();
  const fresh = {
    role: input.role,
    allowance: input.allowance,
    status: "pending" as const,
    tokenHash: await sha256Hex(token),
    invitedBy: inviterId,
    createdAt: Date.now(),
    respondedAt: null,
  };
  const [invitation] = await db
    .insert(companyInvitations)
    .values({ companyId: company.id, email, ...fresh })
    .onConflictDoUpdate({ target: [companyInvitations.companyId, companyInvitations.email], set: fresh })
    .returning();
  return {
    invitation: invitationView(invitation!),
    deliver: () => deliverInvitation(env, db, company, inviterId, email, token),
  };
}

/** Who invites, as the invitee reads it: the inviter's name, else their e-mail (null: the account is gone). */
const inviterOf = (user: { name: string | null; email: string | null } | null) =>
  user?.name?.trim() || user?.email || null;

/** «Анна Смирнова приглашает вас в компанию «ООО „Ромашка“»» (issue 29): who, and where, before any answer. */
const invitesYou = (inviter: string | null, companyName: string) =>
  `${inviter ? `${inviter} приглашает вас` : "Вас приглашают"} в компанию ${quoted(companyName)}`;

async function deliverInvitation(
  env: Env,
  db: Db,
  company: Company,
  inviterId: number,
  email: string,
  token: string,
): Promise<void> {
  const link = invitationLink(env, token);
  const inviter = await db.query.users.findFirst({
    where: eq(users.id, inviterId),
    columns: { name: true, email: true },
  });
  await sendMail(
    env,
    db,
    {
      to: email,
      subject: `Приглашение в компанию ${quoted(company.name)} в «Ясно»`,
      text: [
        "Здравствуйте!",
        "",
        `${invitesYou(inviterOf(inviter ?? null), company.name)} в «Ясно» — ИИ-ассистенте, который объясняет понятно.`,
        "Чтобы принять или отклонить приглашение, откройте ссылку и войдите (или зарегистрируйтесь) с этим адресом:",
        link,
        "",
        "Без вашего согласия вас никуда не добавят. Если вы не ждали это письмо, просто не отвечайте на него.",
      ].join("\n"),
    },
    { secrets: [token] },
  );
  const user = await findUserByEmail(db, email);
  if (user)
    await createNotification(db, {
      ...invitationNotice([company.name]),
      audience: { userIds: [user.id] },
      byEmail: false,
      createdBy: null,
    });
}

/** The in-app notice of one or more invitations; the web page `/invitations` answers them. */
function invitationNotice(companyNames: string[]) {
  const names = companyNames.map(quoted);
  const shown = names.length > 5 ? `${names.slice(0, 5).join(", ")} и ещё ${names.length - 5}` : names.join(", ");
  return {
    title: names.length === 1 ? `Приглашение в компанию ${shown}` : "Приглашения в компании",
    text:
      `${names.length === 1 ? `Вас пригласили в компанию ${shown}` : `Вас пригласили в компании: ${shown}`}. ` +
      `Принять или отклонить приглашение можно на странице «Приглашения» (/invitations).`,
  };
}

/**
 * A new account: one in-app notice of the invitations pending for its e-mail (none: nothing). It
 * joins no company; the person accepts each invitation or not. Set-based, any number of them.
 */
export async function noticePendingInvitations(db: Db, userId: number, email: string): Promise<void> {
  const pending = await db
    .select({ name: companies.name })
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .where(and(eq(companyInvitations.email, normalizeEmail(email)), eq(companyInvitations.status, "pending")))
    .orderBy(asc(companyInvitations.id));
  if (pending.length === 0) return;
  await createNotification(db, {
    ...invitationNotice(pending.map((p) => p.name)),
    audience: { userIds: [userId] },
    byEmail: false,
    createdBy: null,
  });
}

/** The company's invitations, newest first; `status` narrows them. */
export async function listCompanyInvitations(
  db: Db,
  companyId: number,
  status?: InvitationStatus,
): Promise<InvitationView[]> {
  const rows = await db
    .select()
    .from(companyInvitations)
    .where(
      and(
        eq(companyInvitations.companyId, companyId),
        status === undefined ? undefined : eq(companyInvitations.status, status),
      ),
    )
    .orderBy(desc(companyInvitations.createdAt), desc(companyInvitations.id));
  return rows.map(invitationView);
}

/** Withdraws a pending invitation (its link stops working); one already answered is a 409. */
export async function withdrawInvitation(db: Db, companyId: number, invitationId: number): Promise<void> {
  const mine = and(eq(companyInvitations.id, invitationId), eq(companyInvitations.companyId, companyId));
  const [deleted] = await db
    .delete(companyInvitations)
    .where(and(mine, eq(companyInvitations.status, "pending")))
    .returning({ id: companyInvitations.id });
  if (deleted) return;
  const [exists] = await db.select({ id: companyInvitations.id }).from(companyInvitations).where(mine);
  throw exists ? ApiError.conflict(INVITATION_TEXTS.answered) : ApiError.notFound(INVITATION_TEXTS.notFound);
}

/** An invitation as its invitee sees it: which company, as whom. */
export type { MyInvitation };

/** `GET /companies/invitations/`: the caller's pending invitations (by the caller's e-mail), oldest first. */
export async function myInvitations(db: Db, user: User): Promise<MyInvitation[]> {
  if (!user.email) return [];
  const rows = await db
    .select({
      invitation: companyInvitations,
      company: { id: companies.id, name: companies.name },
      inviter: { name: users.name, email: users.email },
    })
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .leftJoin(users, eq(users.id, companyInvitations.invitedBy))
    .where(and(eq(companyInvitations.email, normalizeEmail(user.email)), eq(companyInvitations.status, "pending")))
    .orderBy(asc(companyInvitations.id));
  return rows.map(({ invitation: i, company, inviter }) => ({
    id: i.id,
    company,
    invited_by: inviterOf(inviter),
    role: i.role,
    allowance: i.allowance,
    created_at: new Date(i.createdAt).toISOString(),
  }));
}

/** Which invitation: by id (in the app) or by the mailed link's token. */
export type InvitationRef = { id: number } | { token: string };

async function refCondition(ref: InvitationRef) {
  return "id" in ref ? eq(companyInvitations.id, ref.id) : eq(companyInvitations.tokenHash, await sha256Hex(ref.token));
}

/**
 * The caller accepts: one batch (a D1 transaction) adds the member row from the invitation and
 * marks it accepted, both only while it is pending and addressed to the caller's e-mail; anyone
 * else, and an invitation already answered, gets 404. Returns the company id. Already a member:
 * the invitation is spent, the member row stays as it was.
 */
export async function acceptInvitation(db: Db, user: User, ref: InvitationRef): Promise<number> {
  if (!user.email) throw ApiError.notFound(INVITATION_TEXTS.notFound);
  const addressed = and(
    await refCondition(ref),
    eq(companyInvitations.email, normalizeEmail(user.email)),
    eq(companyInvitations.status, "pending"),
  );
  const [, answered] = await db.batch([
    db
      .insert(companyMembers)
      .select(
        db
          .select({
            id: sql`NULL`.as("id"),
            companyId: companyInvitations.companyId,
            userId: sql`${user.id}`.as("user_id"),
            role: companyInvitations.role,
            allowance: companyInvitations.allowance,
            used: sql`0`.as("used"),
            createdAt: sql`${Date.now()}`.as("created_at"),
          })
          .from(companyInvitations)
          .where(addressed),
      )
      .onConflictDoNothing(),
    db
      .update(companyInvitations)
      .set({ status: "accepted", respondedAt: Date.now(), tokenHash: null })
      .where(addressed)
      .returning({ companyId: companyInvitations.companyId }),
  ]);
  if (!answered[0]) throw ApiError.notFound(INVITATION_TEXTS.notFound);
  return answered[0].companyId;
}

/** The caller declines a pending invitation addressed to them; anyone else gets 404. */
export async function declineInvitation(db: Db, user: User, ref: InvitationRef): Promise<void> {
  if (!user.email) throw ApiError.notFound(INVITATION_TEXTS.notFound);
  const [declined] = await db
    .update(companyInvitations)
    .set({ status: "declined", respondedAt: Date.now(), tokenHash: null })
    .where(
      and(
        await refCondition(ref),
        eq(companyInvitations.email, normalizeEmail(user.email)),
        eq(companyInvitations.status, "pending"),
      ),
    )
    .returning({ id: companyInvitations.id });
  if (!declined) throw ApiError.notFound(INVITATION_TEXTS.notFound);
}
