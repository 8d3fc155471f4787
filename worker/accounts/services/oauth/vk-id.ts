import { CodeChallengeMethod, OAuth2Client } from "arctic";
import { z } from "zod";
import { fullName, ProviderFailure, type OAuthClient } from "./provider";

// VK ID is OAuth 2.1 at id.vk.com with mandatory PKCE and a `device_id` that the callback
// carries and the code exchange must repeat. It is a public-client flow: no client secret.
const AUTHORIZE_URL = "https://id.vk.com/authorize";
const TOKEN_URL = "https://id.vk.com/oauth2/auth";
const USER_INFO_URL = "https://id.vk.com/oauth2/user_info";

const vkError = z.object({ error: z.string(), error_description: z.string().optional() });
const tokenAnswer = z.object({
  access_token: z.string().min(1),
  user_id: z.union([z.number(), z.string()]).transform(String),
  state: z.string().optional(),
});
const userInfoAnswer = z.object({
  user: z.object({
    user_id: z.union([z.number(), z.string().min(1)]).transform(String),
    first_name: z.string().optional(),
    last_name: z.string().optional(),
    email: z.string().nullish(),
  }),
});

/** VK ID answers errors as `{error, error_description}`, sometimes with status 200. */
async function postForm<T>(url: string, form: Record<string, string>, shape: z.ZodType<T>): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body: new URLSearchParams(form),
  });
  const body: unknown = await res.json().catch(() => null);
  const failed = vkError.safeParse(body);
  if (failed.success)
    throw new ProviderFailure(`VK ID ${url}: ${failed.data.error} ${failed.data.error_description ?? ""}`);
  if (!res.ok) throw new ProviderFailure(`VK ID ${url} answered ${res.status}`);
  const parsed = shape.safeParse(body);
  if (!parsed.success) throw new ProviderFailure(`VK ID ${url}: unexpected answer`);
  return parsed.data;
}

export function vkIdClient(clientId: string, redirectUri: string): OAuthClient {
  const authorize = new OAuth2Client(clientId, null, redirectUri);
  return {
    // The authorize URL is plain OAuth with PKCE, which arctic's generic client builds; only the
    // exchange differs (device_id, state), so that part is ours.
    authorizationUrl: (state, codeVerifier) =>
      authorize.createAuthorizationURLWithPKCE(AUTHORIZE_URL, state, CodeChallengeMethod.S256, codeVerifier, ["email"]),

    async fetchProfile({ code, state, deviceId }, codeVerifier) {
      if (!deviceId) throw new ProviderFailure("VK ID callback without device_id");
      const tokens = await postForm(
        TOKEN_URL,
        {
          grant_type: "authorization_code",
          code,
          code_verifier: codeVerifier,
          client_id: clientId,
          device_id: deviceId,
          redirect_uri: redirectUri,
          state,
        },
        tokenAnswer,
      );
      if (tokens.state !== undefined && tokens.state !== state)
        throw new ProviderFailure("VK ID answered another state");
      const { user } = await postForm(
        USER_INFO_URL,
        { client_id: clientId, access_token: tokens.access_token },
        userInfoAnswer,
      );
      if (user.user_id !== tokens.user_id) throw new ProviderFailure("VK ID user_info is about another user");
      return {
        providerUserId: user.user_id,
        email: user.email || null,
        // VK ID gives out only the e-mail confirmed on the VK ID account.
        emailVerified: Boolean(user.email),
        name: fullName(user.first_name, user.last_name),
      };
    },
  };
}
