import { base64url } from "jose";
import type { Vault } from "./vault";

// A topic's vault is stored encrypted: AES-256-GCM under a key derived (HKDF-SHA-256) from the
// PRIVACY_KEY Worker secret and the topic's id, so a vault copied to another topic, or read
// with another secret, does not open. Sealed form: "v1." + base64url(12-byte IV ‖ ciphertext).

const VERSION = "v1.";
const IV_BYTES = 12;

export type VaultSealFailure = "malformed" | "wrong key or topic";

export class VaultSealError extends Error {
  constructor(readonly reason: VaultSealFailure) {
    super(`privacy vault does not open: ${reason}`);
  }
}

async function topicKey(secret: string, topicId: number | string): Promise<CryptoKey> {
  if (!secret) throw new Error("PRIVACY_KEY is not set");
  const master = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    {
      name: "HKDF",
      hash: "SHA-256",
      salt: new Uint8Array(),
      info: new TextEncoder().encode(`yasno privacy vault v1 topic ${topicId}`),
    },
    master,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

/** The vault encrypted for this topic. */
export async function sealVault(vault: Vault, secret: string, topicId: number | string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const plain = new TextEncoder().encode(JSON.stringify(vault));
  const cipher = new Uint8Array(
    await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await topicKey(secret, topicId), plain),
  );
  const sealed = new Uint8Array(IV_BYTES + cipher.length);
  sealed.set(iv);
  sealed.set(cipher, IV_BYTES);
  return VERSION + base64url.encode(sealed);
}

/** The vault sealed for this topic; VaultSealError when it is damaged or sealed with another key or topic. */
export async function openVault(sealed: string, secret: string, topicId: number | string): Promise<Vault> {
  let bytes: Uint8Array;
  try {
    if (!sealed.startsWith(VERSION)) throw new Error();
    bytes = base64url.decode(sealed.slice(VERSION.length));
  } catch {
    throw new VaultSealError("malformed");
  }
  if (bytes.length <= IV_BYTES + 16) throw new VaultSealError("malformed");
  let plain: ArrayBuffer;
  try {
    plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: bytes.slice(0, IV_BYTES) },
      await topicKey(secret, topicId),
      bytes.slice(IV_BYTES),
    );
  } catch {
    throw new VaultSealError("wrong key or topic");
  }
  const vault = JSON.parse(new TextDecoder().decode(plain)) as Vault;
  if (!Array.isArray(vault?.entries)) throw new VaultSealError("malformed");
  return vault;
}
