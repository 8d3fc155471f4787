import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Company } from "../../../../worker/companies/schemas";
import { api } from "../../api/client";
import { queryClient } from "../../api/query-client";
import { useSignedIn, useUserKey } from "../auth/session-user";

export type { Company };

/** `GET /companies/`: the caller's companies with their pool, employees and pending invitations (docs/operations.md). */
export const companiesQuery = (user: string | null) =>
  queryOptions({
    queryKey: ["companies", user] as const,
    queryFn: async (): Promise<Company[]> => {
      const res = await api.companies.$get();
      if (!res.ok) throw new Error(`companies answered ${res.status}`);
      return res.json();
    },
    staleTime: 0,
  });

export const useCompanies = () => useQuery({ ...companiesQuery(useUserKey()), enabled: useSignedIn(), refetchOnMount: "always" });

/** A change to a company went through: its page reads it again. */
export const invalidateCompanies = () => queryClient.invalidateQueries({ queryKey: ["companies"] });
