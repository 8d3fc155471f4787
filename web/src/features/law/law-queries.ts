import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../api/client";
import { detailText, readDetail } from "../../api/errors";

/** A failed call to the law library: its status (401 for a visitor, 404 for a missing article) and text. */
export class LawLoadError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | null,
  ) {
    super(detail ?? `law answered ${status}`);
  }
}

const failure = async (res: Response | { status: number; statusText: string; json(): Promise<unknown> }) =>
  new LawLoadError(res.status, detailText(await readDetail(res)));

// The library changes only on an import: an article read once stays fresh for the session.
const STALE = 60 * 60_000;

/** `GET /law/{act}/{article}?date=`: the article in the edition in force on `date` (today when absent). */
export const articleQuery = (act: string, article: string, date?: string | null) =>
  queryOptions({
    queryKey: ["law", "article", act, article, date ?? null] as const,
    queryFn: async () => {
      const res = await api.law[":act"][":article"].$get({
        param: { act, article },
        query: date ? { date } : {},
      });
      if (!res.ok) throw await failure(res);
      return res.json();
    },
    staleTime: STALE,
    retry: false,
  });

/** `GET /law/{act}`: the act's table of contents. */
export const actContentsQuery = (act: string) =>
  queryOptions({
    queryKey: ["law", "act", act] as const,
    queryFn: async () => {
      const res = await api.law[":act"].$get({ param: { act } });
      if (!res.ok) throw await failure(res);
      return res.json();
    },
    staleTime: STALE,
    retry: false,
  });

export const useArticle = (act: string, article: string, date?: string | null, enabled = true) =>
  useQuery({ ...articleQuery(act, article, date), enabled, placeholderData: keepPreviousData });

export const useActContents = (act: string) => useQuery(actContentsQuery(act));

export type LawArticle = NonNullable<ReturnType<typeof useArticle>["data"]>;
export type ActContents = NonNullable<ReturnType<typeof useActContents>["data"]>;
