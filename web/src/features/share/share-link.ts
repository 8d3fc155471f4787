import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ShareLink } from "../../../../worker/conversations/schemas";
import { api } from "../../api/client";
import { errorMessage } from "../../api/errors";
import { queryClient } from "../../api/query-client";
import { shareTexts } from "../../ui/texts/share";
import { currentUserKey, useSignedIn, useUserKey } from "../auth/session-user";
import { patchTopic, type Topic } from "../topics/topics-queries";

export type { ShareLink };

/** The public address of a shared topic. */
export const shareUrl = (hash: string, origin = window.location.origin) => `${origin}/share/${hash}`;

/** How long a link works and whether its readers see the hidden personal data (unchanged when not given). */
export type ShareSettings = { expires_in?: "1d" | "7d" | "30d" | "never"; reveal?: boolean };
export type ShareLifetime = NonNullable<ShareSettings["expires_in"]>;

const post = (topicId: number, settings: ShareSettings) =>
  api.topics[":id"].share.$post({ param: { id: String(topicId) }, json: settings }).catch(() => null);

/** Reads `POST /topics/{id}/share`'s answer: the link, or the text to show. */
async function linkOf(res: Awaited<ReturnType<typeof post>>): Promise<ShareLink | { error: string }> {
  if (!res) return { error: shareTexts.failed };
  if (!res.ok) return { error: await errorMessage(res, shareTexts.failed) };
  const body = await res.json().catch(() => null);
  return typeof body?.hash === "string" ? body : { error: shareTexts.failed };
}

/**
 * The topic's link with its settings (docs/privacy.md "Sharing"); null when it is not shared. There
 * is no read of the settings alone: `POST /topics/{id}/share` with nothing to change answers them.
 * It also makes a link where there is none, so `GET /topics/{id}` first says whether the link still
 * exists (it may have been switched off in another tab).
 */
export const shareLinkQuery = (user: string | null, topicId: number) =>
  queryOptions({
    queryKey: ["share", user, topicId] as const,
    queryFn: async (): Promise<ShareLink | null> => {
      const topic = await api.topics[":id"].$get({ param: { id: String(topicId) } }).catch(() => null);
      if (!topic?.ok) throw new Error(topic ? await errorMessage(topic, shareTexts.loadFailed) : shareTexts.loadFailed);
      const { share_hash } = await topic.json();
      patchTopic(topicId, { share_hash });
      if (!share_hash) return null;
      const link = await linkOf(await post(topicId, {}));
      if ("error" in link) throw new Error(link.error);
      return link;
    },
  });

/**
 * The link of `topic` as the share dialog shows it: undefined while it is read, null when there is
 * none. Read again each time the dialog opens (the component mounts), as it may have been changed
 * elsewhere; a topic the list knows as not shared is not asked about.
 */
export function useShareLink(topic: Topic): {
  link: ShareLink | null | undefined;
  error: string | null;
  retry: () => void;
} {
  const shared = topic.share_hash != null;
  const query = useQuery({
    ...shareLinkQuery(useUserKey(), topic.id),
    enabled: useSignedIn() && shared,
    refetchOnMount: "always",
  });
  if (!shared) return { link: null, error: null, retry: () => undefined };
  return { link: query.data, error: query.error?.message ?? null, retry: () => void query.refetch() };
}

/**
 * `POST /topics/{id}/share`: makes the link (the same one on repeat) or changes its settings; the link, or the text to
 * show.
 */
export async function createShareLink(
  topic: Topic,
  settings: ShareSettings = {},
): Promise<ShareLink | { error: string }> {
  const link = await linkOf(await post(topic.id, settings));
  if ("error" in link) return link;
  patchTopic(topic.id, { share_hash: link.hash });
  queryClient.setQueryData(shareLinkQuery(currentUserKey(), topic.id).queryKey, link);
  return link;
}

/** `DELETE /topics/{id}/share`: the link stops working; null when done, else the text to show. */
export async function revokeShareLink(topic: Topic): Promise<string | null> {
  const res = await api.topics[":id"].share.$delete({ param: { id: String(topic.id) } }).catch(() => null);
  if (!res) return shareTexts.failed;
  if (!res.ok) return errorMessage(res, shareTexts.failed);
  patchTopic(topic.id, { share_hash: null });
  queryClient.setQueryData(shareLinkQuery(currentUserKey(), topic.id).queryKey, null);
  return null;
}
