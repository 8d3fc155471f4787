import ipaddr from "ipaddr.js";

/**
 * Where YooKassa sends webhook notices from, as YooKassa publishes it
 * (https://yookassa.ru/developers/using-api/webhooks, "IP-адреса"). Its notices are unsigned:
 * the address is the first check, re-reading the payment from the API the second.
 */
export const YOOKASSA_NOTICE_RANGES = [
  "185.71.76.0/27",
  "185.71.77.0/27",
  "77.75.153.0/25",
  "77.75.156.11/32",
  "77.75.156.35/32",
  "77.75.154.128/25",
  "2a02:5180::/32",
] as const;

const ranges = YOOKASSA_NOTICE_RANGES.map((cidr) => ipaddr.parseCIDR(cidr));

/**
 * Whether a client address (Cloudflare's `CF-Connecting-IP`) is one of YooKassa's. An IPv4 address
 * written as IPv6 (`::ffff:185.71.76.1`) counts as the IPv4 one; anything else is foreign.
 */
export function isYooKassaAddress(address: string | undefined | null): boolean {
  const text = address?.trim() ?? "";
  // Only the usual spellings: ipaddr.js would also read inet_aton forms such as "1.2.3" or hex.
  if (!ipaddr.IPv4.isValidFourPartDecimal(text) && !ipaddr.IPv6.isValid(text)) return false;
  const ip = ipaddr.process(text);
  return ranges.some(([network, bits]) => ip.kind() === network.kind() && ip.match(network, bits));
}
