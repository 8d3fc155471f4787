import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Product } from "../../../../worker/billing/schemas";
import { api } from "../../api/client";
import { errorMessage } from "../../api/errors";
import { modesTexts } from "../../ui/texts/modes";

export type { Product };

/** `GET /products/`: the active modes (docs/conversations.md), public, loaded once; again after a failure. */
export const productsQuery = queryOptions({
  queryKey: ["products"] as const,
  queryFn: async (): Promise<Product[]> => {
    const res = await api.products.$get().catch(() => null);
    if (!res?.ok) throw new Error(res ? await errorMessage(res, modesTexts.loadFailed) : modesTexts.loadFailed);
    return res.json();
  },
});

export const useProducts = () => useQuery(productsQuery);

/**
 * What users see under a mode's replies instead of a model's id ("Ясно · …" or the admin's name), once the products are
 * loaded.
 */
export const useModelTitle = (assistantType: string) =>
  useProducts().data?.find((p) => p.assistant_type === assistantType)?.model_title ?? null;

/** The title of a mode, once the products are loaded. */
export const useProductTitle = (assistantType: string) =>
  useProducts().data?.find((p) => p.assistant_type === assistantType)?.title ?? null;

/** A mode's one name: the admin's title, or the seeded one while the products load (null for an unknown mode). */
export const modeTitleOf = (products: Product[] | undefined, assistantType: string): string | null =>
  products?.find((p) => p.assistant_type === assistantType)?.title ?? modesTexts.names[assistantType] ?? null;

export const useModeTitle = (assistantType: string) => modeTitleOf(useProducts().data, assistantType);
