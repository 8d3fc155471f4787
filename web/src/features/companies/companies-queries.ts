import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Company } from "../../../../worker/companies/schemas";
import { api } from "../../api/client";
import { queryClient } from "../../api/query-client";
import { useSignedIn, useUserKey } from "../auth/session-user";

export type { Company };

/**
 * `GET /companies/`: the caller's companies with their pool, employees and pending invitations (docs/operations.md).
 */
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

export const useCompanies = () =>
  useQuery({ ...companiesQuery(useUserKey()), enabled: useSignedIn(), refetchOnMount: "always" });

/** A change to a company went through: its page reads it again. */
export const invalidateCompanies = () => queryClient.invalidateQueries({ queryKey: ["companies"] });

/** `GET /companies/{id}/invitations`: every invitation of the company with its state, newest first. */
export const useCompanyInvitations = (companyId: number) =>
  useQuery({
    queryKey: ["companies", "invitations", companyId] as const,
    queryFn: async () => {
      const res = await api.companies[":companyId"].invitations.$get({
        param: { companyId: String(companyId) },
        query: {},
      });
      if (!res.ok) throw new Error(`invitations answered ${res.status}`);
      return res.json();
    },
    staleTime: 0,
  });

/** `GET /companies/{id}/payments`: what was bought for the pool. */
export const useCompanyPayments = (companyId: number) =>
  useQuery({
    queryKey: ["companies", "payments", companyId] as const,
    queryFn: async () => {
      const res = await api.companies[":companyId"].payments.$get({ param: { companyId: String(companyId) } });
      if (!res.ok) throw new Error(`company payments answered ${res.status}`);
      return res.json();
    },
    staleTime: 0,
  });
