import { SELF } from "cloudflare:test";

type Cookie = { value: string; path: string; expiresAt: number };

/**
 * A browser as far as sign-in needs one: it follows no redirects by itself (the test does, one
 * hop at a time), keeps the app's cookies with their Path and Max-Age, and reaches the app
 * through SELF and everything else through `internet`.
 */
export class TestBrowser {
  private cookies = new Map<string, Cookie>();

  constructor(
    readonly appOrigin: string,
    private internet: typeof fetch,
  ) {}

  async get(url: string, headers: Record<string, string> = {}): Promise<Response> {
    const target = new URL(url);
    if (target.origin !== this.appOrigin) return this.internet(url, { redirect: "manual", headers });
    const cookie = this.cookieHeader(target.pathname);
    const res = await SELF.fetch(url, { redirect: "manual", headers: { ...headers, ...(cookie ? { cookie } : {}) } });
    for (const line of res.headers.getSetCookie()) this.store(line);
    return res;
  }

  /** Follows one redirect: the Location of `res`, which must be a redirect. */
  follow(res: Response): Promise<Response> {
    const location = res.headers.get("location");
    if (res.status !== 302 || !location) throw new Error(`expected a 302, got ${res.status}`);
    return this.get(location);
  }

  cookieNames(): string[] {
    return [...this.cookies.keys()];
  }

  private store(line: string): void {
    const [pair, ...attributes] = line.split(";").map((s) => s.trim());
    const eq = pair!.indexOf("=");
    const name = pair!.slice(0, eq);
    const cookie: Cookie = { value: pair!.slice(eq + 1), path: "/", expiresAt: Infinity };
    for (const attribute of attributes) {
      const [key, value = ""] = attribute.split("=");
      if (key!.toLowerCase() === "path") cookie.path = value;
      if (key!.toLowerCase() === "max-age") cookie.expiresAt = Date.now() + Number(value) * 1000;
      if (key!.toLowerCase() === "expires") cookie.expiresAt = Math.min(cookie.expiresAt, Date.parse(value));
    }
    if (cookie.expiresAt <= Date.now()) this.cookies.delete(name);
    else this.cookies.set(name, cookie);
  }

  /** RFC 6265 §5.1.4 path matching. */
  private cookieHeader(path: string): string {
    return [...this.cookies]
      .filter(([, c]) => c.expiresAt > Date.now())
      .filter(
        ([, c]) =>
          path === c.path || (path.startsWith(c.path) && (c.path.endsWith("/") || path[c.path.length] === "/")),
      )
      .map(([name, c]) => `${name}=${c.value}`)
      .join("; ");
  }
}
