import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../api/client";
import { useSignedIn, useUserKey } from "../auth/session-user";

/**
 * `GET /payments/`: what the user paid for, newest first (docs/billing.md "Payments"). Asked each
 * time the subscription tab shows it, so a payment finished in another tab is there.
 */
export const paymentsQuery = (user: string | null) =>
  queryOptions({
    queryKey: ["payments", user] as const,
    queryFn: async () => {
      const res = await api.payments.$get();
      if (!res.ok) throw new Error(`payments answered ${res.status}`);
      return res.json();
    },
    staleTime: 0,
  });

export const usePayments = () =>
  useQuery({ ...paymentsQuery(useUserKey()), enabled: useSignedIn(), refetchOnMount: "always" });
