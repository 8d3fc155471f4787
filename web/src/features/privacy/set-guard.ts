import { api } from "../../api/client";
import { errorMessage } from "../../api/errors";
import { queryClient } from "../../api/query-client";
import { privacyTexts } from "../../ui/texts/privacy";
import { currentUserKey } from "../auth/session-user";
import { type PrivacySetting, privacySettingsQuery } from "./privacy-queries";

const showEnabled = (queryKey: readonly unknown[], assistantType: string, enabled: boolean) =>
  queryClient.setQueryData<PrivacySetting[]>(queryKey, (list) =>
    list?.map((s) => (s.assistant_type === assistantType ? { ...s, enabled } : s)),
  );

/**
 * `PUT /privacy/settings/{assistant_type}`: shown at once; when the server does not take it, the
 * switch goes back and the answer is the text to show (null when saved).
 */
export async function setGuard(assistantType: string, enabled: boolean): Promise<string | null> {
  const { queryKey } = privacySettingsQuery(currentUserKey());
  // A load under way must not put the old value back over the new one.
  await queryClient.cancelQueries({ queryKey });
  showEnabled(queryKey, assistantType, enabled);
  const res = await api.privacy.settings[":assistantType"]
    .$put({ param: { assistantType: encodeURIComponent(assistantType) }, json: { enabled } })
    .catch(() => null);
  if (res?.ok) return null;
  showEnabled(queryKey, assistantType, !enabled);
  return res ? errorMessage(res, privacyTexts.settings.saveFailed) : privacyTexts.settings.saveFailed;
}
