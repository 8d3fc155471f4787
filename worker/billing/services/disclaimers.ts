import { and, asc, Column, eq, is, type Placeholder, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { qualified } from "../../db/raw";
import type { Db } from "../../db/client";
import { disclaimerAcceptances, disclaimers } from "../../db/schema";
import { ApiError } from "../../http/errors";
import type { Disclaimer } from "../schemas";

export const DISCLAIMER_TEXTS = {
  notAccepted: "Примите условия использования режима",
  notFound: "У этого режима нет условий использования",
  changed: "Условия использования изменились: прочитайте их ещё раз",
} as const;

/** A mode's terms as the caller sees them: `accepted` = the caller accepted the current version. */
export type PublicDisclaimer = Disclaimer;

const selectFor = (db: Db, userId: number) =>
  db
    .select({
      assistantType: disclaimers.assistantType,
      text: disclaimers.text,
      version: disclaimers.version,
      acceptedVersion: disclaimerAcceptances.version,
    })
    .from(disclaimers)
    .leftJoin(
      disclaimerAcceptances,
      and(eq(disclaimerAcceptances.assistantType, disclaimers.assistantType), eq(disclaimerAcceptances.userId, userId)),
    );

type Row = { assistantType: string; text: string; version: number; acceptedVersion: number | null };
const toPublic = (row: Row): PublicDisclaimer => ({
  assistant_type: row.assistantType,
  text: row.text,
  version: row.version,
  accepted: row.acceptedVersion === row.version,
});

/** `GET /disclaimers/`: every mode that has terms, with whether the caller accepted them. */
export async function listDisclaimers(db: Db, userId: number): Promise<PublicDisclaimer[]> {
  return (await selectFor(db, userId).orderBy(asc(disclaimers.assistantType))).map(toPublic);
}

async function findFor(db: Db, userId: number, assistantType: string): Promise<Row | undefined> {
  const [row] = await selectFor(db, userId).where(eq(disclaimers.assistantType, assistantType));
  return row;
}

/**
 * Whether the caller accepted the current version of the mode's terms (a name, or the column
 * holding it), or the mode has none, as a column of the query a send reads its mode or topic with
 * (no read of its own before the model: docs/scale.md "The first chunk"). A send answers 403
 * `notAccepted` when it is 0.
 */
export function termsMet(userId: number | Placeholder, assistantType: string | Placeholder | AnySQLiteColumn) {
  const type = is(assistantType, Column) ? qualified(assistantType) : assistantType;
  return sql<number>`NOT EXISTS (SELECT 1 FROM disclaimers d WHERE d.assistant_type = ${type}
    AND d.version IS NOT (SELECT a.version FROM disclaimer_acceptances a WHERE a.user_id = ${userId} AND a.assistant_type = ${type}))`;
}

/**
 * Records the caller's acceptance of the current version. With `version` (the one the caller was
 * shown), terms changed in the meantime are refused with 409 rather than accepted unseen; the
 * write itself is conditioned on the version, so a change racing the accept cannot slip through.
 */
export async function acceptDisclaimer(
  db: Db,
  userId: number,
  assistantType: string,
  version?: number,
): Promise<PublicDisclaimer> {
  const current = await findFor(db, userId, assistantType);
  if (!current) throw ApiError.notFound(DISCLAIMER_TEXTS.notFound);
  const shown = version ?? current.version;
  if (shown !== current.version) throw ApiError.conflict(DISCLAIMER_TEXTS.changed);
  const written = await db
    .insert(disclaimerAcceptances)
    .select(
      db
        .select({
          userId: sql`${userId}`.as("user_id"),
          assistantType: disclaimers.assistantType,
          version: disclaimers.version,
          acceptedAt: sql`${Date.now()}`.as("accepted_at"),
        })
        .from(disclaimers)
        .where(and(eq(disclaimers.assistantType, assistantType), eq(disclaimers.version, shown))),
    )
    .onConflictDoUpdate({
      target: [disclaimerAcceptances.userId, disclaimerAcceptances.assistantType],
      set: { version: sql`excluded.version`, acceptedAt: sql`excluded.accepted_at` },
    })
    .returning({ version: disclaimerAcceptances.version });
  if (written.length === 0) throw ApiError.conflict(DISCLAIMER_TEXTS.changed);
  return toPublic({ ...current, acceptedVersion: written[0]!.version });
}

/**
 * `POST /disclaimers/set_for_all/`: a new version, so every user accepts again. With
 * `assistantType`, that mode only (its text replaced when given; a mode without terms gets them,
 * text required); without, every mode's version goes up. Answers the modes' terms for the caller.
 */
export async function bumpDisclaimers(
  db: Db,
  adminId: number,
  change: { assistantType?: string; text?: string },
  now = Date.now(),
): Promise<PublicDisclaimer[]> {
  if (change.assistantType === undefined) {
    await db.update(disclaimers).set({ version: sql`${disclaimers.version} + 1`, updatedAt: now });
  } else if (change.text !== undefined) {
    await db
      .insert(disclaimers)
      .values({ assistantType: change.assistantType, text: change.text, version: 1, updatedAt: now })
      .onConflictDoUpdate({
        target: disclaimers.assistantType,
        set: { text: change.text, version: sql`${disclaimers.version} + 1`, updatedAt: now },
      });
  } else {
    const bumped = await db
      .update(disclaimers)
      .set({ version: sql`${disclaimers.version} + 1`, updatedAt: now })
      .where(eq(disclaimers.assistantType, change.assistantType))
      .returning({ assistantType: disclaimers.assistantType });
    if (bumped.length === 0)
      throw new ApiError(422, [
        { loc: ["body", "text"], msg: "У этого режима ещё нет условий: укажите text", type: "missing" },
      ]);
  }
  return listDisclaimers(db, adminId);
}
