import { and, asc, Column, eq, is, type Placeholder, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { qualified } from "../../db/raw";
import type { Db } from "../../db/client";
import { privacySettings, products } from "../../db/schema";
import { ApiError } from "../../http/errors";

// Whether the privacy guard hides personal data from the model, per user and mode (docs/privacy.md
// "Per mode"): on unless the user turned it off for that mode.

export const PRIVACY_SETTING_TEXTS = { unknownMode: "Неизвестный режим ассистента" } as const;

export type PrivacySetting = { assistant_type: string; enabled: boolean };

/** The guard's state in every active mode for the user. */
export async function privacySettingsOf(db: Db, userId: number): Promise<PrivacySetting[]> {
  const rows = await db
    .select({ assistantType: products.assistantType, enabled: privacySettings.enabled })
    .from(products)
    .leftJoin(
      privacySettings,
      and(eq(privacySettings.assistantType, products.assistantType), eq(privacySettings.userId, userId)),
    )
    .where(eq(products.active, true))
    .orderBy(asc(products.id));
  return rows.map((r) => ({ assistant_type: r.assistantType, enabled: r.enabled ?? true }));
}

/**
 * Whether the guard is on for the user's sends in the mode (a name, or the column holding it), as a
 * column of a query that reads the mode or the topic anyway (a send's, docs/scale.md "The first chunk").
 */
export const guardOnColumn = (userId: number | Placeholder, assistantType: string | Placeholder | AnySQLiteColumn) =>
  sql<number>`coalesce((SELECT ps.enabled FROM privacy_settings ps WHERE ps.user_id = ${userId}
    AND ps.assistant_type = ${is(assistantType, Column) ? qualified(assistantType) : assistantType}), 1)`;

/** Turns the guard on or off for one mode of the user's (422 for a mode that does not exist). */
export async function setPrivacySetting(
  db: Db,
  userId: number,
  assistantType: string,
  enabled: boolean,
): Promise<PrivacySetting> {
  const mode = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.assistantType, assistantType))
    .get();
  if (!mode) throw new ApiError(422, PRIVACY_SETTING_TEXTS.unknownMode);
  await db
    .insert(privacySettings)
    .values({ userId, assistantType, enabled })
    .onConflictDoUpdate({ target: [privacySettings.userId, privacySettings.assistantType], set: { enabled } });
  return { assistant_type: assistantType, enabled };
}
