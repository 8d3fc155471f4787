import { CodeChallengeMethod, OAuth2Client } from "arctic";
import { z } from "zod";
import { fullName, ProviderFailure, type OAuthClient } from "./provider";

// arctic's Yandex class sends no PKCE; Yandex OAuth supports it, so its generic client is used
// with Yandex's endpoints. No `scope`: the token gets what the app was registered with
// (login:email and login:info, docs/external-sign-in.md); asking for more is an error at Yandex.
const AUTHORIZE_URL = "https://oauth.yandex.ru/authorize";
const TOKEN_URL = "https://oauth.yandex.ru/token";
const INFO_URL = "https://login.yandex.ru/info?format=json";

const info = z.object({
  id: z.union([z.string().min(1), z.number()]).transform(String),
  login: z.string().optional(),
  default_email: z.string().nullish(),
  real_name: z.string().optional(),
  display_name: z.string().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
});

export function yandexClient(clientId: string, clientSecret: string, redirectUri: string): OAuthClient {
  const client = new OAuth2Client(clientId, clientSecret, redirectUri);
  return {
    authorizationUrl: (state, codeVerifier) =>
      client.createAuthorizationURLWithPKCE(AUTHORIZE_URL, state, CodeChallengeMethod.S256, codeVerifier, []),

    async fetchProfile({ code }, codeVerifier) {
      const tokens = await client.validateAuthorizationCode(TOKEN_URL, code, codeVerifier);
      const res = await fetch(INFO_URL, { headers: { Authorization: `OAuth ${tokens.accessToken()}` } });
      if (!res.ok) throw new ProviderFailure(`Yandex info answered ${res.status}`);
      const me = info.parse(await res.json());
      return {
        providerUserId: me.id,
        email: me.default_email || null,
        // Yandex lists only addresses it has confirmed (its own mailbox or a confirmed external one).
        emailVerified: Boolean(me.default_email),
        name:
          me.real_name?.trim() || fullName(me.first_name, me.last_name) || me.display_name?.trim() || me.login || null,
      };
    },
  };
}
