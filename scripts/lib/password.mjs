import { randomBytes, scryptSync } from "node:crypto";

// Same format and parameters as worker/accounts/services/passwords.ts, for seeding from Node.
const N = 16384,
  r = 8,
  p = 5;

export function hashPassword(password) {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize("NFKC"), salt, 32, { N, r, p, maxmem: 256 * N * r });
  return `scrypt$N=${N},r=${r},p=${p}$${salt.toString("base64")}$${key.toString("base64")}`;
}
