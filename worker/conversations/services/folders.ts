import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { folders, topics } from "../../db/schema";
import { ApiError } from "../../http/errors";
import type { Folder } from "../schemas";
import { FOLDER_NOT_FOUND } from "./topics";

export type FolderRow = typeof folders.$inferSelect;

/** The Folder shape of docs/conversations.md. */
export const publicFolder = (f: FolderRow): Folder => ({
  id: f.id,
  name: f.name,
  assistant_type: f.assistantType,
  created_at: new Date(f.createdAt).toISOString(),
});

const own = (userId: number, folderId: number) => and(eq(folders.id, folderId), eq(folders.userId, userId));

export async function createFolder(db: Db, userId: number, assistantType: string, name: string): Promise<FolderRow> {
  const [row] = await db.insert(folders).values({ userId, assistantType, name }).returning();
  return row!;
}

/** The caller's folders of one mode, oldest first (the order they were made in). */
export const listFolders = (db: Db, userId: number, assistantType: string): Promise<FolderRow[]> =>
  db
    .select()
    .from(folders)
    .where(and(eq(folders.userId, userId), eq(folders.assistantType, assistantType)))
    .orderBy(asc(folders.id));

export async function renameFolder(db: Db, userId: number, folderId: number, name: string): Promise<FolderRow> {
  const [row] = await db.update(folders).set({ name }).where(own(userId, folderId)).returning();
  if (!row) throw ApiError.notFound(FOLDER_NOT_FOUND);
  return row;
}

/**
 * Deletes the caller's folder; its topics stay, outside any folder. The topics are released in
 * the same batch rather than left to the foreign key's SET NULL, so the rule holds by itself.
 */
export async function deleteFolder(db: Db, userId: number, folderId: number): Promise<void> {
  const [, deleted] = await db.batch([
    db
      .update(topics)
      .set({ folderId: null })
      .where(and(eq(topics.folderId, folderId), eq(topics.userId, userId))),
    db.delete(folders).where(own(userId, folderId)).returning({ id: folders.id }),
  ]);
  if (deleted.length === 0) throw ApiError.notFound(FOLDER_NOT_FOUND);
}
