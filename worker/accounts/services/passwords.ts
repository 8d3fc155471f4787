import { scrypt, timingSafeEqual } from "node:crypto";

// OWASP's scrypt setting for 16 MiB of memory (N=2^14, r=8, p=5). Raise these and old hashes are
// upgraded at the next login (needsRehash). scripts/lib/password.mjs writes the same format.
export const SCRYPT_PARAMS = { N: 16384, r: 8, p: 5 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

type Params = { N: number; r: number; p: number };

function derive(password: string, salt: Buffer, params: Params): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize("NFKC"),
      salt,
      KEY_LENGTH,
      { ...params, maxmem: 256 * params.N * params.r },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );
}

/** `scrypt$N=16384,r=8,p=5$<salt b64>$<hash b64>`: the parameters travel with the hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = Buffer.from(crypto.getRandomValues(new Uint8Array(SALT_LENGTH)));
  const key = await derive(password, salt, SCRYPT_PARAMS);
  const { N, r, p } = SCRYPT_PARAMS;
  return `scrypt$N=${N},r=${r},p=${p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

function parse(stored: string): { params: Params; salt: Buffer; key: Buffer } | null {
  const [alg, paramText, salt, key] = stored.split("$");
  if (alg !== "scrypt" || !paramText || !salt || !key) return null;
  const params = Object.fromEntries(
    paramText
      .split(",")
      .map((kv) => kv.split("="))
      .map(([k, v]) => [k, Number(v)]),
  );
  if (![params.N, params.r, params.p].every((n) => Number.isInteger(n) && n > 0)) return null;
  return { params: params as Params, salt: Buffer.from(salt, "base64"), key: Buffer.from(key, "base64") };
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = stored ? parse(stored) : null;
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  if (!parsed) return true;
  return (Object.keys(SCRYPT_PARAMS) as (keyof Params)[]).some((k) => parsed.params[k] !== SCRYPT_PARAMS[k]);
}
