import { env, SELF } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  APP,
  expectFailure,
  expectSignedIn,
  identitiesOf,
  person,
  routeFetchToFakes,
  signIn,
  unique,
  usersWithIdentity,
} from "./fakes/sign-in";
import { authHeaders, call, createAdmin } from "./helpers";

beforeEach(routeFetchToFakes);
afterEach(() => vi.unstubAllGlobals());

async function userCountByEmail(email: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE email = ?")
    .bind(email)
    .first<{ n: number }>();
  return row!.n;
}

describe("which account an external sign-in reaches", () => {
  it("links a verified e-mail to the external-only account that already has it", async () => {
    const email = `${unique("link")}@example.com`;
    const viaYandex = await expectSignedIn((await signIn("yandex", person({ email }))).landing);
    const viaGoogle = await expectSignedIn(
      (await signIn("google", person({ email: email.toUpperCase(), emailVerified: true }))).landing,
    );
    const viaVk = await expectSignedIn((await signIn("vk", person({ email }))).landing);

    expect(viaGoogle.id).toBe(viaYandex.id);
    expect(viaVk.id).toBe(viaYandex.id);
    expect((await identitiesOf(viaYandex.id)).map((i) => i.provider)).toEqual(["yandex", "google", "vk"]);
    expect(await userCountByEmail(email)).toBe(1);
  });

  it("does not link an unverified e-mail, and does not put it on the new account", async () => {
    const email = `${unique("unverified")}@example.com`;
    const owner = await expectSignedIn((await signIn("yandex", person({ email }))).landing);
    const stranger = person({ email, emailVerified: false });
    const other = await expectSignedIn((await signIn("google", stranger)).landing);

    expect(other.id).not.toBe(owner.id);
    expect(other.email).toBeNull();
    expect(await identitiesOf(owner.id)).toHaveLength(1);
    expect(await identitiesOf(other.id)).toEqual([{ provider: "google", provider_user_id: stranger.id, email }]);
  });

  it("sends a verified e-mail of a password account to /login?status=409 and links nothing", async () => {
    const email = `${unique("password")}@example.com`;
    const registered = await SELF.fetch(`${APP}/api/v2/users/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "correct horse battery", consent: true }),
    });
    expect(registered.status).toBe(201);

    for (const provider of ["google", "yandex", "vk"] as const) {
      const who = person({ email });
      expectFailure((await signIn(provider, who)).landing, 409);
      expect(await usersWithIdentity(provider, who.id)).toBe(0);
    }
    expect(await userCountByEmail(email)).toBe(1);
  });

  it("creates an account without e-mail when the provider gives none", async () => {
    const who = person({ email: undefined });
    const created = await expectSignedIn((await signIn("vk", who)).landing);
    expect(created.email).toBeNull();
    expect(created.name).toBe("Иван Петров");
    expect(await identitiesOf(created.id)).toEqual([{ provider: "vk", provider_user_id: who.id, email: null }]);
  });

  it("sends a blocked account to /login?status=403 and links nothing more to it", async () => {
    const who = person();
    const user = await expectSignedIn((await signIn("yandex", who)).landing);
    const admin = await createAdmin();
    expect((await call(`/users/${user.id}/block`, { method: "POST", headers: authHeaders(admin.record) })).status).toBe(
      200,
    );

    expectFailure((await signIn("yandex", who)).landing, 403);
    // Its verified e-mail through another provider reaches it too, and is refused before linking.
    const sameEmail = person({ email: who.email });
    expectFailure((await signIn("google", sameEmail)).landing, 403);
    expect(await usersWithIdentity("google", sameEmail.id)).toBe(0);
  });

  it("keeps the same provider account id apart across providers", async () => {
    const id = unique();
    const google = await expectSignedIn((await signIn("google", person({ id }))).landing);
    const yandex = await expectSignedIn((await signIn("yandex", person({ id }))).landing);
    expect(yandex.id).not.toBe(google.id);
  });
});

describe("consent after a first external sign-in (docs/legal.md)", () => {
  it("is asked for, then recorded with the versions in force", async () => {
    const { landing } = await signIn(
      "google",
      person({ email: `${unique("consent")}@example.com`, emailVerified: true }),
    );
    const access = landing.searchParams.get("access_token")!;
    const headers = { "jwt-token": access };
    const before = await (await SELF.fetch(`${APP}/api/v2/users/self/consent`, { headers })).json();
    expect(before).toMatchObject({ required: true, accepted_at: null });
    const given = await SELF.fetch(`${APP}/api/v2/users/self/consent`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ consent: true }),
    });
    expect(given.status).toBe(200);
    expect(await given.json()).toMatchObject({ required: false, accepted_at: expect.any(String) });
  });
});
