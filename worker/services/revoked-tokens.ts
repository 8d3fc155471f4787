// Logged-out access tokens by jti, kept in KV until they would have expired anyway. KV is
// eventually consistent, so hard revocation (password change, recovery) relies on the token
// version in D1 instead; this list covers plain logout.
const key = (jti: string) => `revoked-jti:${jti}`;
// KV refuses expirations less than 60 seconds ahead.
const KV_MIN_TTL_SECONDS = 60;

export async function revokeAccessToken(kv: KVNamespace, jti: string, exp: number): Promise<void> {
  const expiration = Math.max(exp, Math.floor(Date.now() / 1000) + KV_MIN_TTL_SECONDS);
  await kv.put(key(jti), "1", { expiration });
}

export async function isAccessTokenRevoked(kv: KVNamespace, jti: string): Promise<boolean> {
  return (await kv.get(key(jti))) !== null;
}
