import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SignInProviders } from "../../../../worker/accounts/schemas";
import { api } from "../../api/client";
import { queryClient } from "../../api/query-client";
import { OAUTH_PROVIDERS } from "./external-sign-in";

export type { SignInProviders };

const NONE: SignInProviders = { providers: [], telegram_bot_id: null };

/**
 * `GET /users/auth/providers`: what the Worker has secrets for, so which buttons to show. Asked
 * once per page load; a failed answer is not kept, and the next sign-in page to mount asks again.
 */
export const signInProvidersQuery = queryOptions({
  queryKey: ["sign-in-providers"] as const,
  queryFn: async (): Promise<SignInProviders> => {
    const res = await api.users.auth.providers.$get();
    if (!res.ok) throw new Error(`providers answered ${res.status}`);
    const body = await res.json();
    // An SPA older than its Worker has no button for a provider it does not know.
    return {
      ...body,
      providers: body.providers.filter((name) => (OAUTH_PROVIDERS as readonly string[]).includes(name)),
    };
  },
});

/** Settles once the answer (or its failure) is in: the request in flight, not a new one. */
export const loadSignInProviders = () =>
  queryClient.fetchQuery(signInProvidersQuery).then(
    () => undefined,
    () => undefined,
  );

/** Whether any external sign-in is offered (a provider or the Telegram bot); null until the Worker has said. */
export function useHasExternalSignIn(): boolean | null {
  const configured = useSignInProviders();
  if (!configured) return null;
  return configured.providers.length > 0 || Boolean(configured.telegram_bot_id);
}

/**
 * The configured sign-in providers, or null while the first answer is on its way (no button shows
 * before the Worker has said which exist); none after a failure (the password form still works).
 */
export function useSignInProviders(): SignInProviders | null {
  const { data, isError } = useQuery(signInProvidersQuery);
  return data ?? (isError ? NONE : null);
}
