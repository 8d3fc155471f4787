import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { folders, products, topics } from "../../db/schema";
import { ApiError } from "../../http/errors";
import type { AdminProduct, Product } from "../schemas";

export type ProductRow = typeof products.$inferSelect;

export const PRODUCT_TEXTS = {
  notFound: "Режим не найден",
  taken: "Режим с таким assistant_type уже есть",
} as const;

/** The name users see under a mode's replies: the admin's, or "Ясно · <mode's title>". */
export const modelTitleOf = (p: Pick<ProductRow, "title" | "modelTitle">) => p.modelTitle ?? `Ясно · ${p.title}`;

/** The Product shape of docs/billing.md (the system prompt stays on the server). */
export const publicProduct = (p: ProductRow): Product => ({
  id: p.id,
  assistant_type: p.assistantType,
  title: p.title,
  description: p.description,
  model: p.model,
  model_title: modelTitleOf(p),
  active: p.active,
});

/** What admins see: the system prompt too. */
export const adminProduct = (p: ProductRow): AdminProduct => ({ ...publicProduct(p), system_prompt: p.systemPrompt });

/** The modes users can pick, in the order they were added. */
export const activeProducts = (db: Db) =>
  db.select().from(products).where(eq(products.active, true)).orderBy(asc(products.id));

/** Every mode, active or not (admins). */
export const allProducts = (db: Db) => db.select().from(products).orderBy(asc(products.id));

/** An active mode by its assistant type, or undefined. */
export async function findActiveProduct(db: Db, assistantType: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.assistantType, assistantType), eq(products.active, true)));
  return row;
}

/** A mode by its assistant type, active or not (a reply in flight keeps its mode even if an admin turns it off). */
export async function findProduct(db: Db, assistantType: string): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.assistantType, assistantType));
  return row;
}

/** A mode by id; an inactive one only when `all` (admins). 404 otherwise. */
export async function findProductById(db: Db, id: number, { all }: { all: boolean }): Promise<ProductRow> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), all ? undefined : eq(products.active, true)));
  if (!row) throw ApiError.notFound(PRODUCT_TEXTS.notFound);
  return row;
}

export type ProductInput = {
  assistantType: string;
  title: string;
  description: string;
  systemPrompt: string;
  model: string;
  modelTitle?: string | null;
  active: boolean;
};

export async function createProduct(db: Db, input: ProductInput): Promise<ProductRow> {
  const [row] = await db
    .insert(products)
    .values(input)
    .onConflictDoNothing({ target: products.assistantType })
    .returning();
  if (!row) throw ApiError.conflict(PRODUCT_TEXTS.taken);
  return row;
}

/**
 * Changes the given fields. The assistant type is fixed once made: topics, folders and
 * disclaimers refer to it. The chat reads the row for every message, so a new system prompt or
 * title counts from the next message on.
 */
export async function updateProduct(
  db: Db,
  id: number,
  patch: Partial<Omit<ProductInput, "assistantType">>,
): Promise<ProductRow> {
  const [row] = await db
    .update(products)
    .set({ ...patch, updatedAt: Date.now() })
    .where(eq(products.id, id))
    .returning();
  if (!row) throw ApiError.notFound(PRODUCT_TEXTS.notFound);
  return row;
}

/**
 * Deletes a mode nobody has used; a mode with topics or folders is deactivated instead (gone from
 * `GET /products/` and from new chats, while its topics keep working). One batch, so a topic made
 * in between cannot be orphaned. Returns the deactivated mode, or null when it was deleted.
 */
export async function deleteProduct(db: Db, id: number): Promise<ProductRow | null> {
  const used = sql`(EXISTS (SELECT 1 FROM ${topics} WHERE ${topics.assistantType} = ${products.assistantType})
                    OR EXISTS (SELECT 1 FROM ${folders} WHERE ${folders.assistantType} = ${products.assistantType}))`;
  const [deactivated, deleted] = await db.batch([
    db
      .update(products)
      .set({ active: false, updatedAt: Date.now() })
      .where(and(eq(products.id, id), used))
      .returning(),
    db
      .delete(products)
      .where(and(eq(products.id, id), sql`NOT ${used}`))
      .returning({ id: products.id }),
  ]);
  if (deactivated[0]) return deactivated[0];
  if (deleted[0]) return null;
  throw ApiError.notFound(PRODUCT_TEXTS.notFound);
}
