import { base64url } from "jose";

/** Random bearer secrets (refresh and recovery tokens): 256 bits, URL-safe. */
export function newOpaqueToken(): string {
  return base64url.encode(crypto.getRandomValues(new Uint8Array(32)));
}

/** Only this digest is stored: a leaked table does not hand out working tokens. */
export async function sha256Hex(value: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}
