import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { products } from "../db/schema";

export type ProductRow = typeof products.$inferSelect;

/** The Product shape of docs/conversations.md (the system prompt stays on the server). */
export const publicProduct = (p: ProductRow) => ({ assistant_type: p.assistantType, title: p.title, description: p.description, model: p.model });

/** The modes users can pick, in the order they were added. */
export const activeProducts = (db: Db) => db.select().from(products).where(eq(products.active, true)).orderBy(asc(products.id));

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
