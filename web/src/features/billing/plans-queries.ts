import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Plan } from "../../../../worker/billing/schemas";
import { api } from "../../api/client";
import { useUserKey } from "../auth/session-user";

export type { Plan };

/**
 * `GET /subscriptions/`: the plans to buy, asked when the "available" view first opens and kept
 * while signed in; a failure is silent (docs/product.md §8) and the next opening asks again.
 */
export const plansQuery = (user: string | null) =>
  queryOptions({
    queryKey: ["plans", user] as const,
    queryFn: async (): Promise<Plan[]> => {
      const res = await api.subscriptions.$get();
      if (!res.ok) throw new Error(`plans answered ${res.status}`);
      // Users see visible plans only; the server already filters, and an admin's list keeps its hidden ones out of the
      // shop.
      return (await res.json()).filter((plan) => plan.is_visible);
    },
  });

export const usePlans = () => useQuery(plansQuery(useUserKey()));
