import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../api/client";

export type LegalKind = "offer" | "privacy" | "terms";

/** `GET /legal/{kind}`: a document in force (public; docs/legal.md). */
export const legalQuery = (kind: LegalKind) =>
  queryOptions({
    queryKey: ["legal", kind] as const,
    queryFn: async () => {
      const res = await api.legal[":kind"].$get({ param: { kind } });
      if (!res.ok) throw new Error(`legal ${kind} answered ${res.status}`);
      return res.json();
    },
  });

export const useLegalDocument = (kind: LegalKind) => useQuery(legalQuery(kind));
