/** The `utm_*` parameters of a query, sent at registration as `utm` (where the user came from). */
export function readUtm(search: string): Record<string, string> | undefined {
  const utm: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    if (key.startsWith("utm_") && value && !(key in utm)) utm[key] = value.slice(0, 200);
  }
  return Object.keys(utm).length ? utm : undefined;
}
