import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../api/client";
import { useSignedIn, useUserKey } from "../auth/session-user";

/** `GET /users/self/consent`: whether the user must (again) accept the agreement and the policy (docs/legal.md). */
export const consentQuery = (user: string | null) =>
  queryOptions({
    queryKey: ["consent", user] as const,
    queryFn: async () => {
      const res = await api.users.self.consent.$get();
      if (!res.ok) throw new Error(`consent answered ${res.status}`);
      return res.json();
    },
    staleTime: 5 * 60_000,
  });

export type ConsentState = NonNullable<ReturnType<typeof useConsentState>>;

export const useConsentState = () => useQuery({ ...consentQuery(useUserKey()), enabled: useSignedIn() }).data;
