import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { consents, legalDocuments } from "../../db/schema";
import type { Env } from "../../env";
import { ApiError } from "../../http/errors";

// The public offer, the privacy policy and the user agreement (docs/legal.md): versioned Markdown,
// the operator's details filled in from settings when shown, and the users' consents to them.

export const LEGAL_KINDS = ["offer", "privacy", "terms"] as const;
export type LegalKind = (typeof LEGAL_KINDS)[number];
export type LegalRow = typeof legalDocuments.$inferSelect;

export const LEGAL_TEXTS = {
  notFound: "Документ не найден",
  consentRequired: "Примите пользовательское соглашение и дайте согласие на обработку персональных данных",
} as const;

/**
 * What stands in a document for a detail the operator has not set: plainly a placeholder, worded so
 * that it agrees with any detail («ИНН: не указано», «адрес: не указано»; issue 29).
 */
const unset = (what: string) => `[${what}: не указано]`;

/** The operator's details the drafts name, from settings (wrangler vars). */
export function operatorDetails(env: Env): Record<string, string> {
  return {
    operator_name: env.OPERATOR_NAME || unset("наименование оператора"),
    inn: env.OPERATOR_INN || unset("ИНН"),
    ogrn: env.OPERATOR_OGRN || unset("ОГРН"),
    address: env.OPERATOR_ADDRESS || unset("адрес"),
    support_email: env.SUPPORT_EMAIL || unset("e-mail поддержки"),
    app_url: env.APP_URL,
  };
}

const dateOf = (ms: number) => new Intl.DateTimeFormat("ru-RU", { timeZone: "Europe/Moscow" }).format(ms);

/** The document as readers see it: `{{detail}}` filled in; an unknown `{{name}}` stays as written. */
export function renderDocument(row: LegalRow, details: Record<string, string>): string {
  const values: Record<string, string> = { ...details, version_date: dateOf(row.createdAt) };
  return row.body.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole);
}

/** The version in force of each kind. */
export async function currentDocuments(db: Db): Promise<LegalRow[]> {
  return db
    .select()
    .from(legalDocuments)
    .where(
      sql`${legalDocuments.version} = (SELECT max(d.version) FROM legal_documents d WHERE d.kind = ${legalDocuments.kind})`,
    )
    .orderBy(legalDocuments.kind);
}

export async function currentDocument(db: Db, kind: LegalKind): Promise<LegalRow> {
  const row = await db
    .select()
    .from(legalDocuments)
    .where(eq(legalDocuments.kind, kind))
    .orderBy(desc(legalDocuments.version))
    .get();
  if (!row) throw ApiError.notFound(LEGAL_TEXTS.notFound);
  return row;
}

/** A new version of a document (the admin's edit): the old ones stay, the new one is in force. */
export async function publishDocument(
  db: Db,
  kind: LegalKind,
  input: { title?: string; body: string },
): Promise<LegalRow> {
  const current = await currentDocument(db, kind);
  const [row] = await db
    .insert(legalDocuments)
    .values({
      kind,
      version: sql`(SELECT max(version) + 1 FROM legal_documents WHERE kind = ${kind})`,
      title: input.title ?? current.title,
      body: input.body,
    })
    .returning();
  return row!;
}

/** The versions consent is given to: the user agreement's and the privacy policy's now in force. */
const versionOf = (kind: LegalKind) =>
  sql`(SELECT coalesce(max(version), 0) FROM legal_documents WHERE kind = ${kind})`;

/** Records consent to the documents in force, for the user `userIdSql` names (a batch statement). */
export const consentStatement = (db: Db, userIdSql: ReturnType<typeof sql>) =>
  db.insert(consents).select(
    db
      .select({
        id: sql`NULL`.as("id"),
        userId: sql`${userIdSql}`.as("user_id"),
        termsVersion: sql`${versionOf("terms")}`.as("terms_version"),
        privacyVersion: sql`${versionOf("privacy")}`.as("privacy_version"),
        acceptedAt: sql`${Date.now()}`.as("accepted_at"),
      })
      .from(sql`(SELECT 1)`),
  );

/** The user's latest consent and whether it covers the documents in force (else it is asked again). */
export async function consentState(db: Db, userId: number) {
  const [latest, [terms], [privacy]] = await db.batch([
    db.select().from(consents).where(eq(consents.userId, userId)).orderBy(desc(consents.id)).limit(1),
    db.select({ v: versionOf("terms") }).from(sql`(SELECT 1)`),
    db.select({ v: versionOf("privacy") }).from(sql`(SELECT 1)`),
  ]);
  const given = latest[0];
  const current = { terms: Number(terms!.v), privacy: Number(privacy!.v) };
  return {
    required: !given || given.termsVersion < current.terms || given.privacyVersion < current.privacy,
    terms_version: current.terms,
    privacy_version: current.privacy,
    accepted_at: given ? new Date(given.acceptedAt).toISOString() : null,
  };
}

/** The caller consents now, to the versions in force. */
export async function recordConsent(db: Db, userId: number) {
  await consentStatement(db, sql`${userId}`);
  return consentState(db, userId);
}

export const isLegalKind = (kind: string): kind is LegalKind => (LEGAL_KINDS as readonly string[]).includes(kind);
