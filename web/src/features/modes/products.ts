import { create } from "zustand";
import { errorMessage } from "../../api/errors";
import { texts } from "../../ui/texts";
import { api } from "../../api/client";

/** A mode as `GET /products/` lists it (docs/conversations.md). */
export type Product = { assistant_type: string; title: string; description: string; model: string };

type ProductsState = {
  products: Product[];
  state: "idle" | "loading" | "loaded" | "error";
  error: string | null;
  /** Loads the active modes once; again only after a failure. */
  load: () => Promise<void>;
};

let loading: Promise<void> | null = null;

export const useProducts = create<ProductsState>((set, get) => ({
  products: [],
  state: "idle",
  error: null,
  load: () => {
    if (get().state === "loaded") return Promise.resolve();
    loading ??= (async () => {
      set({ state: "loading", error: null });
      try {
        const res = await api.products.$get();
        if (!res.ok) {
          set({ state: "error", error: await errorMessage(res, texts.modes.loadFailed) });
          return;
        }
        const body = (await res.json()) as unknown;
        if (!Array.isArray(body)) throw new Error("not a list");
        set({ products: body as Product[], state: "loaded" });
      } catch {
        set({ state: "error", error: texts.modes.loadFailed });
      } finally {
        loading = null;
      }
    })();
    return loading;
  },
}));

/** The title of a mode, once the products are loaded. */
export const useProductTitle = (assistantType: string) => useProducts((s) => s.products.find((p) => p.assistant_type === assistantType)?.title ?? null);
