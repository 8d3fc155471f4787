import { decodeIdToken, Google } from "arctic";
import { z } from "zod";
import { fullName, ProviderFailure, type OAuthClient } from "./provider";

const ISSUERS = ["https://accounts.google.com", "accounts.google.com"];

// The id_token comes straight from Google's token endpoint over TLS, so (OpenID Connect Core
// §3.1.3.7) its issuer, audience and expiry are checked but its signature need not be.
const idTokenClaims = z.object({
  iss: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  exp: z.number(),
  sub: z.string().min(1),
  email: z.string().optional(),
  email_verified: z.union([z.boolean(), z.enum(["true", "false"])]).optional(),
  name: z.string().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
});

export function googleClient(clientId: string, clientSecret: string, redirectUri: string): OAuthClient {
  const google = new Google(clientId, clientSecret, redirectUri);
  return {
    authorizationUrl: (state, codeVerifier) =>
      google.createAuthorizationURL(state, codeVerifier, ["openid", "email", "profile"]),

    async fetchProfile({ code }, codeVerifier) {
      const tokens = await google.validateAuthorizationCode(code, codeVerifier);
      const claims = idTokenClaims.parse(decodeIdToken(tokens.idToken()));
      const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
      if (!ISSUERS.includes(claims.iss) || !audiences.includes(clientId) || claims.exp * 1000 < Date.now()) {
        throw new ProviderFailure("Google id_token is not for this client or has expired");
      }
      return {
        providerUserId: claims.sub,
        email: claims.email ?? null,
        emailVerified: claims.email_verified === true || claims.email_verified === "true",
        name: claims.name?.trim() || fullName(claims.given_name, claims.family_name),
      };
    },
  };
}
