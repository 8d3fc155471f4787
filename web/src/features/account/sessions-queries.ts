import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SessionInfo } from "../../../../worker/accounts/schemas";
import { api } from "../../api/client";
import { queryClient } from "../../api/query-client";
import { useUserKey } from "../auth/session-user";

export type { SessionInfo };

const sessionsKey = ["sessions"] as const;

/** `GET /users/self/sessions`: the account's live sign-ins, read each time the list is shown. */
const sessionsQuery = (user: string | null) =>
  queryOptions({
    queryKey: [...sessionsKey, user] as const,
    queryFn: async (): Promise<SessionInfo[]> => {
      const res = await api.users.self.sessions.$get();
      if (!res.ok) throw new Error(`sessions answered ${res.status}`);
      return res.json();
    },
    staleTime: 0,
  });

export const useSessions = () => useQuery(sessionsQuery(useUserKey()));

const ended = () => queryClient.invalidateQueries({ queryKey: sessionsKey });

/** `DELETE /users/self/sessions/{id}`: ends one session; the list is read again. */
export async function endSession(id: string): Promise<boolean> {
  const res = await api.users.self.sessions[":sessionId"].$delete({ param: { sessionId: id } }).catch(() => null);
  await ended();
  return Boolean(res?.ok);
}

/** `DELETE /users/self/sessions`: «Завершить другие сеансы»; the list is read again. */
export async function endOtherSessions(): Promise<boolean> {
  const res = await api.users.self.sessions.$delete().catch(() => null);
  await ended();
  return Boolean(res?.ok);
}
