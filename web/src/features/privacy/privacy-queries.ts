import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PrivacySetting } from "../../api/types";
import { api } from "../../api/client";
import { useSignedIn, useUserKey } from "../auth/session-user";

export type { PrivacySetting };

export const privacyKey = ["privacy"] as const;

/** `GET /privacy/settings`: per mode, whether the guard hides personal data from the model (docs/privacy.md). */
export const privacySettingsQuery = (user: string | null) =>
  queryOptions({
    queryKey: [...privacyKey, user] as const,
    queryFn: async (): Promise<PrivacySetting[]> => {
      const res = await api.privacy.settings.$get();
      if (!res.ok) throw new Error(`privacy settings answered ${res.status}`);
      return res.json();
    },
  });

export const usePrivacySettings = () => useQuery({ ...privacySettingsQuery(useUserKey()), enabled: useSignedIn() });

/**
 * Whether a send in `assistantType` is guarded: as the settings say; on when they could not be
 * loaded (the server's default, and it decides anyway); false until they are known.
 */
export function useGuardOn(assistantType: string): boolean {
  const { data, isError } = usePrivacySettings();
  if (data) return data.find((s) => s.assistant_type === assistantType)?.enabled ?? true;
  return isError;
}
