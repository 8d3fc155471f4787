import { queryOptions } from "@tanstack/react-query";
import { api } from "../../api/client";
import { errorMessage } from "../../api/errors";
import { texts } from "../../ui/texts";

/**
 * `GET /topics/{id}/history/` (docs/conversations.md): the topic's messages, oldest first, in the
 * query cache under the user and the topic. Always asked again when the chat opens or a reply
 * ends (`staleTime: 0`): a reply may have finished on the server meanwhile, or in another tab.
 */
export const historyQuery = (user: string | null, topicId: string) =>
  queryOptions({
    queryKey: ["history", user, topicId] as const,
    queryFn: async ({ signal }) => {
      const res = await api.topics[":id{[0-9]+}"].history.$get({ param: { id: topicId } }, { init: { signal } }).catch(() => null);
      if (!res?.ok) throw new Error(res ? await errorMessage(res, texts.chat.historyFailed) : texts.chat.historyFailed);
      return res.json();
    },
    staleTime: 0,
  });
