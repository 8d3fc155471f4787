/** Random bearer secrets (refresh and recovery tokens): 256 bits, URL-safe. */
export function newOpaqueToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
}

/** Only this digest is stored: a leaked table does not hand out working tokens. */
export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return Buffer.from(digest).toString("hex");
}
