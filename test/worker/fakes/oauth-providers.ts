import { Hono, type Context } from "hono";
import { generateKeyPair, SignJWT } from "jose";

// Fake Google, Yandex and VK ID at their HTTP boundary. Each checks what the real one checks
// (registered client and redirect URI, its own single-use codes, PKCE, grant type, client
// authentication, bearer tokens) and answers in the real one's format, so the Worker's clients
// are exercised exactly as in production. Tests route the Worker's outbound fetch here by host.

export type Person = {
  id: string;
  email?: string;
  emailVerified?: boolean;
  firstName?: string;
  lastName?: string;
};

type Grant = {
  clientId: string;
  redirectUri: string;
  codeChallenge: string | null;
  person: Person;
  deviceId?: string;
  state: string;
  expiresAt: number;
};

export type RecordedCall = { method: string; url: string; headers: Headers; body: string };

export type ClientRegistration = { clientId: string; clientSecret: string | null; redirectUri: string };

const randomToken = () => Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString("base64url");

async function s256(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return Buffer.from(digest).toString("base64url");
}

/** What every provider here shares: the authorize page, codes, PKCE and client checks. */
abstract class FakeAuthorizationServer {
  /** The person signed in at the provider's page; the test plays them. */
  person: Person | null = null;
  /** What that person answers on the consent screen. */
  consent: "allow" | "deny" = "allow";
  /** When true, the token endpoint is down (answers 503 with an HTML page). */
  outage = false;
  readonly codes = new Map<string, Grant>();
  readonly accessTokens = new Map<string, Person>();
  /** Every request made to this provider, for assertions (bodies read as text). */
  readonly calls: RecordedCall[] = [];

  constructor(
    readonly client: ClientRegistration,
    /** VK ID refuses an authorize request without PKCE; Google and Yandex make it optional. */
    readonly pkceRequired: boolean,
  ) {}

  abstract readonly hosts: Record<string, Hono>;

  reset(): void {
    this.person = null;
    this.consent = "allow";
    this.outage = false;
    this.codes.clear();
    this.accessTokens.clear();
    this.calls.length = 0;
  }

  /** The authorize page: validates the request, then sends the browser back like the real one. */
  protected authorize(c: Context, extra: (grant: Grant) => Record<string, string> = () => ({})): Response {
    const q = new URL(c.req.url).searchParams;
    if (q.get("response_type") !== "code") return c.text("unsupported response_type", 400);
    if (q.get("client_id") !== this.client.clientId) return c.text("unknown client_id", 400);
    // A wrong redirect_uri is shown as an error page at the provider: never redirected to.
    if (q.get("redirect_uri") !== this.client.redirectUri) return c.text("redirect_uri_mismatch", 400);
    const challenge = q.get("code_challenge");
    const method = q.get("code_challenge_method");
    if (challenge !== null && method?.toUpperCase() !== "S256") return c.text("only S256 is allowed", 400);
    if (this.pkceRequired && challenge === null) return c.text("code_challenge is required", 400);
    if (!this.person) throw new Error("the test must sign someone in at the fake provider first");

    const back = new URL(this.client.redirectUri);
    const state = q.get("state") ?? "";
    if (this.consent === "deny") {
      back.searchParams.set("error", "access_denied");
      back.searchParams.set("error_description", "User denied access");
      back.searchParams.set("state", state);
      return c.redirect(back.toString(), 302);
    }
    const code = randomToken();
    const grant: Grant = {
      clientId: this.client.clientId,
      redirectUri: this.client.redirectUri,
      codeChallenge: challenge,
      person: this.person,
      state,
      expiresAt: Date.now() + 10 * 60 * 1000,
    };
    back.searchParams.set("code", code);
    back.searchParams.set("state", state);
    for (const [k, v] of Object.entries(extra(grant))) back.searchParams.set(k, v);
    this.codes.set(code, grant);
    return c.redirect(back.toString(), 302);
  }

  /** Client authentication as RFC 6749 §2.3.1 allows: HTTP Basic or the form body. */
  protected clientAuthenticated(c: Context, form: URLSearchParams): boolean {
    const basic = c.req.header("authorization")?.match(/^Basic (.+)$/i)?.[1];
    const [id, secret] = basic
      ? Buffer.from(basic, "base64").toString().split(":").map(decodeURIComponent)
      : [form.get("client_id"), form.get("client_secret")];
    return id === this.client.clientId && (this.client.clientSecret === null || secret === this.client.clientSecret);
  }

  /** Redeems a code once, or names the error as RFC 6749 §5.2 does. */
  protected async redeem(form: URLSearchParams): Promise<{ grant: Grant } | { error: string; description: string }> {
    if (form.get("grant_type") !== "authorization_code")
      return { error: "unsupported_grant_type", description: "grant_type" };
    const code = form.get("code") ?? "";
    const grant = this.codes.get(code);
    this.codes.delete(code);
    if (!grant || grant.expiresAt < Date.now())
      return { error: "invalid_grant", description: "Code has expired or was already used" };
    if (form.get("redirect_uri") !== grant.redirectUri)
      return { error: "invalid_grant", description: "redirect_uri does not match" };
    if (grant.codeChallenge !== null) {
      const verifier = form.get("code_verifier");
      if (!verifier || (await s256(verifier)) !== grant.codeChallenge)
        return { error: "invalid_grant", description: "code_verifier does not match" };
    }
    return { grant };
  }

  protected issueAccessToken(person: Person): string {
    const token = randomToken();
    this.accessTokens.set(token, person);
    return token;
  }

  protected down(c: Context): Response {
    return c.html("<html><body>503 Service Unavailable</body></html>", 503);
  }
}

export class FakeGoogle extends FakeAuthorizationServer {
  private keys = generateKeyPair("RS256");
  readonly hosts: Record<string, Hono>;

  constructor(client: ClientRegistration) {
    super(client, false);
    this.hosts = {
      "accounts.google.com": new Hono().get("/o/oauth2/v2/auth", (c) => {
        const scopes = (new URL(c.req.url).searchParams.get("scope") ?? "").split(" ");
        if (!scopes.includes("openid")) return c.text("openid scope is needed for an id_token", 400);
        return this.authorize(c);
      }),
      "oauth2.googleapis.com": new Hono().post("/token", async (c) => {
        if (this.outage) return this.down(c);
        const form = new URLSearchParams(await c.req.text());
        if (!this.clientAuthenticated(c, form))
          return c.json({ error: "invalid_client", error_description: "Unauthorized" }, 401);
        const redeemed = await this.redeem(form);
        if ("error" in redeemed) return c.json({ error: redeemed.error, error_description: redeemed.description }, 400);
        const { person } = redeemed.grant;
        return c.json({
          access_token: this.issueAccessToken(person),
          expires_in: 3599,
          scope:
            "openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile",
          token_type: "Bearer",
          id_token: await this.idToken(person),
        });
      }),
    };
  }

  /** Signed like Google's (RS256 with a key id); the Worker trusts it by TLS origin, not by key. */
  private async idToken(person: Person): Promise<string> {
    const { privateKey } = await this.keys;
    return new SignJWT({
      email: person.email,
      email_verified: person.emailVerified ?? true,
      name: [person.firstName, person.lastName].filter(Boolean).join(" ") || undefined,
      given_name: person.firstName,
      family_name: person.lastName,
      azp: this.client.clientId,
    })
      .setProtectedHeader({ alg: "RS256", kid: "fake-google-key", typ: "JWT" })
      .setIssuer("https://accounts.google.com")
      .setAudience(this.client.clientId)
      .setSubject(person.id)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(privateKey);
  }
}

export class FakeYandex extends FakeAuthorizationServer {
  readonly hosts: Record<string, Hono>;

  constructor(client: ClientRegistration) {
    super(client, false);
    this.hosts = {
      "oauth.yandex.ru": new Hono()
        .get("/authorize", (c) => this.authorize(c))
        .post("/token", async (c) => {
          if (this.outage) return this.down(c);
          const form = new URLSearchParams(await c.req.text());
          if (!this.clientAuthenticated(c, form))
            return c.json({ error: "invalid_client", error_description: "Client not found" }, 401);
          const redeemed = await this.redeem(form);
          if ("error" in redeemed)
            return c.json({ error: redeemed.error, error_description: redeemed.description }, 400);
          return c.json({
            token_type: "bearer",
            access_token: this.issueAccessToken(redeemed.grant.person),
            expires_in: 31536000,
            refresh_token: randomToken(),
          });
        }),
      "login.yandex.ru": new Hono().get("/info", (c) => {
        const token = c.req.header("authorization")?.match(/^OAuth (.+)$/)?.[1];
        const person = token ? this.accessTokens.get(token) : undefined;
        if (!person) return c.text("", 401);
        const real = [person.firstName, person.lastName].filter(Boolean).join(" ");
        return c.json({
          id: person.id,
          login: `user${person.id}`,
          client_id: this.client.clientId,
          display_name: person.firstName ?? `user${person.id}`,
          real_name: real,
          first_name: person.firstName,
          last_name: person.lastName,
          sex: null,
          default_email: person.email ?? null,
          emails: person.email ? [person.email] : [],
          psuid: `1.${randomToken()}`,
        });
      }),
    };
  }
}

export class FakeVkId extends FakeAuthorizationServer {
  readonly hosts: Record<string, Hono>;

  constructor(client: ClientRegistration) {
    super(client, true);
    const vkError = (c: Context, error: string, description: string, status: 400 | 401 = 400) =>
      c.json({ error, error_description: description }, status);
    this.hosts = {
      "id.vk.com": new Hono()
        .get("/authorize", (c) =>
          this.authorize(c, (grant) => {
            grant.deviceId = randomToken();
            return { device_id: grant.deviceId, expires_in: "600", type: "code_v2" };
          }),
        )
        .post("/oauth2/auth", async (c) => {
          if (this.outage) return this.down(c);
          const form = new URLSearchParams(await c.req.text());
          // VK ID is a public client: it is identified by client_id and proven by PKCE.
          if (form.get("client_id") !== this.client.clientId)
            return vkError(c, "invalid_client", "client_id is invalid", 401);
          const grant = this.codes.get(form.get("code") ?? "");
          if (grant && form.get("device_id") !== grant.deviceId)
            return vkError(c, "invalid_request", "device_id is invalid");
          if (grant && form.get("state") !== grant.state) return vkError(c, "invalid_request", "state is invalid");
          const redeemed = await this.redeem(form);
          if ("error" in redeemed) return vkError(c, redeemed.error, redeemed.description);
          const { person, state } = redeemed.grant;
          return c.json({
            refresh_token: randomToken(),
            access_token: this.issueAccessToken(person),
            id_token: "vk.id.token",
            token_type: "Bearer",
            expires_in: 3600,
            user_id: Number(person.id),
            state,
            scope: "vkid.personal_info email",
          });
        })
        .post("/oauth2/user_info", async (c) => {
          const form = new URLSearchParams(await c.req.text());
          if (form.get("client_id") !== this.client.clientId)
            return vkError(c, "invalid_client", "client_id is invalid", 401);
          const person = this.accessTokens.get(form.get("access_token") ?? "");
          if (!person) return vkError(c, "invalid_token", "access_token is missing or invalid", 401);
          return c.json({
            user: {
              user_id: person.id,
              first_name: person.firstName ?? "",
              last_name: person.lastName ?? "",
              avatar: "https://sun1-00.userapi.com/s/v1/ig2/avatar.jpg",
              ...(person.email ? { email: person.email } : {}),
              sex: 2,
              verified: false,
              birthday: "01.01.1990",
            },
          });
        }),
    };
  }
}

/** Routes a fetch to whichever fake owns the host; anything else goes to `fallback`. */
export function fakeInternet(servers: FakeAuthorizationServer[], fallback: typeof fetch): typeof fetch {
  const byHost = new Map<string, { server: FakeAuthorizationServer; app: Hono }>();
  for (const server of servers)
    for (const [host, app] of Object.entries(server.hosts)) byHost.set(host, { server, app });
  return async (input, init) => {
    const request = new Request(input, init);
    const target = byHost.get(new URL(request.url).host);
    if (!target) return fallback(input, init);
    const body = await request.text();
    target.server.calls.push({ method: request.method, url: request.url, headers: new Headers(request.headers), body });
    return target.app.fetch(
      new Request(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.method === "GET" ? null : body,
      }),
    );
  };
}
