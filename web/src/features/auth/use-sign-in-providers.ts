import { useEffect } from "react";
import { create } from "zustand";
import { api } from "../../api/client";
import { OAUTH_PROVIDERS, type OAuthProvider } from "./external-sign-in";

/** What the Worker has secrets for (GET /users/auth/providers), so which buttons to show. */
export type SignInProviders = { providers: OAuthProvider[]; telegramBotId: string | null };

const NONE: SignInProviders = { providers: [], telegramBotId: null };

/** null until the first answer: no button shows before the Worker has said which exist. */
const useStore = create<{ loaded: SignInProviders | null }>(() => ({ loaded: null }));

async function fetchProviders(): Promise<SignInProviders> {
  const res = await api.users.auth.providers.$get();
  if (!res.ok) throw new Error(`providers answered ${res.status}`);
  const body = await res.json();
  return {
    // An SPA older than its Worker has no button for a provider it does not know.
    providers: body.providers.filter((name) => (OAUTH_PROVIDERS as readonly string[]).includes(name)),
    telegramBotId: body.telegram_bot_id,
  };
}

let request: Promise<void> | null = null;

/**
 * Asks once per page load; settles when the answer is in the store. A failed answer shows no
 * external buttons (the password form still works) and is not kept: the next sign-in page to
 * mount asks again.
 */
export function loadSignInProviders(): Promise<void> {
  request ??= fetchProviders().then(
    (loaded) => useStore.setState({ loaded }),
    () => {
      request = null;
      useStore.setState((state) => ({ loaded: state.loaded ?? NONE }));
    },
  );
  return request;
}

/** The configured sign-in providers, or null while the first answer is on its way. */
export function useSignInProviders(): SignInProviders | null {
  useEffect(() => void loadSignInProviders(), []);
  return useStore((state) => state.loaded);
}
