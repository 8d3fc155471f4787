import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../api/client";
import { errorMessage } from "../../api/errors";
import { searchTexts } from "../../ui/texts/search";
import { useUserKey } from "../auth/session-user";

/** `GET /topics/search?q=` (docs/conversations.md "Search") under the user and the query. */
export const searchQuery = (user: string | null, q: string) =>
  queryOptions({
    queryKey: ["search", user, q] as const,
    queryFn: async ({ signal }) => {
      const res = await api.topics.search.$get({ query: { q } }, { init: { signal } }).catch(() => null);
      if (!res?.ok) throw new Error(res ? await errorMessage(res, searchTexts.failed) : searchTexts.failed);
      return res.json();
    },
    // A chat written meanwhile should be found: asked again each time the window opens.
    staleTime: 0,
  });

/** The hits for `q` (nothing asked for an empty one); the last hits stay while the next load. */
export function useSearchHits(q: string) {
  const user = useUserKey();
  return useQuery({ ...searchQuery(user, q), enabled: q.trim().length > 0, placeholderData: keepPreviousData });
}
