import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { LEGAL_TEXTS } from "../../worker/accounts/services/legal";
import { authHeaders, call, createAdmin, detailOf, registerUser, uniqueEmail } from "./helpers";

// docs/legal.md: the offer, the privacy policy and the user agreement — public, versioned by
// admins, the operator's details from settings — and the consent at registration, asked again
// when a version changes.

type Doc = { kind: string; version: number; title: string; body: string; updated_at: string };
const read = async (kind: string) => {
  const res = await call(`/legal/${kind}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Doc;
};
const consentOf = async (record: { access_token: string }) =>
  (await (await call("/users/self/consent", { headers: authHeaders(record) })).json()) as {
    required: boolean;
    terms_version: number;
    privacy_version: number;
    accepted_at: string | null;
  };

afterEach(() => {
  env.OPERATOR_INN = "";
});

describe("the documents", () => {
  it("are public, seeded as drafts, and mark the operator's details as placeholders until they are set", async () => {
    for (const [kind, title] of [
      ["offer", "Публичная оферта"],
      ["privacy", "Политика обработки персональных данных"],
      ["terms", "Пользовательское соглашение"],
    ]) {
      const doc = await read(kind!);
      expect(doc).toMatchObject({ kind, title });
      expect(doc.body).toContain(`# ${title}`);
      expect(doc.body).toContain("Черновик");
      expect(doc.body).not.toMatch(/\{\{\w+\}\}/);
    }
    expect((await read("offer")).body).toContain("ИНН [ИНН: не указано]");
    expect((await read("offer")).body).toContain("адрес: [адрес: не указано]");
    env.OPERATOR_INN = "7701234567";
    expect((await read("offer")).body).toContain("ИНН 7701234567");
    expect((await (await call("/legal/")).json()) as Doc[]).toHaveLength(3);
    expect((await call("/legal/contract")).status).toBe(422);
  });

  it("an admin publishes a new version; the old one stays, the new one is in force; others may not", async () => {
    const admin = await createAdmin();
    const before = await read("offer");
    const res = await call("/legal/offer", {
      method: "PUT",
      headers: authHeaders(admin.record),
      json: { body: "# Оферта\n\nНовая редакция для {{operator_name}}." },
    });
    expect(res.status).toBe(201);
    const after = (await res.json()) as Doc;
    expect(after).toMatchObject({ kind: "offer", version: before.version + 1, title: before.title });
    expect(after.body).toContain("Новая редакция для [наименование оператора");
    expect((await read("offer")).version).toBe(before.version + 1);
    const kept = await env.DB.prepare("SELECT count(*) AS n FROM legal_documents WHERE kind = 'offer'").first<{
      n: number;
    }>();
    expect(kept!.n).toBe(before.version + 1);

    const user = await registerUser();
    expect(
      (await call("/legal/offer", { method: "PUT", headers: authHeaders(user.record), json: { body: "x" } })).status,
    ).toBe(403);
    const empty = await call("/legal/offer", {
      method: "PUT",
      headers: authHeaders(admin.record),
      json: { body: "  " },
    });
    expect(empty.status).toBe(422);
  });
});

describe("consent", () => {
  it("registration needs it, ticked: 422 in Russian without it, and nobody is registered", async () => {
    const email = uniqueEmail("noconsent");
    for (const consent of [undefined, false, "true"]) {
      const res = await call("/users/", {
        json: { email, password: "надёжный-пароль", ...(consent !== undefined && { consent }) },
      });
      expect(res.status).toBe(422);
      expect(JSON.stringify(await detailOf(res))).toContain(LEGAL_TEXTS.consentRequired);
    }
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = ?").bind(email).first<{ n: number }>(),
    ).toEqual({ n: 0 });
  });

  it(
    "is stored with the versions and the time; a new version asks again; accepting it records a new " + "consent",
    async () => {
      const { record, userId } = await registerUser();
      const stored = await env.DB.prepare(
        "SELECT terms_version, privacy_version, accepted_at FROM consents WHERE user_id = ?",
      )
        .bind(userId)
        .all();
      expect(stored.results).toHaveLength(1);
      const terms = await read("terms");
      const privacy = await read("privacy");
      expect(stored.results[0]).toMatchObject({ terms_version: terms.version, privacy_version: privacy.version });
      expect(await consentOf(record)).toMatchObject({ required: false, terms_version: terms.version });

      const admin = await createAdmin();
      await call("/legal/terms", {
        method: "PUT",
        headers: authHeaders(admin.record),
        json: { body: "# Соглашение\n\nНовое." },
      });
      expect(await consentOf(record)).toMatchObject({ required: true, terms_version: terms.version + 1 });
      const refused = await call("/users/self/consent", {
        method: "POST",
        headers: authHeaders(record),
        json: { consent: false },
      });
      expect(refused.status).toBe(422);
      const accepted = await call("/users/self/consent", {
        method: "POST",
        headers: authHeaders(record),
        json: { consent: true },
      });
      expect(accepted.status).toBe(200);
      expect(await accepted.json()).toMatchObject({
        required: false,
        terms_version: terms.version + 1,
        accepted_at: expect.any(String),
      });
    },
  );

  it("an account made without it (a first external sign-in) is asked for it", async () => {
    const { record, userId } = await registerUser();
    await env.DB.prepare("DELETE FROM consents WHERE user_id = ?").bind(userId).run();
    expect(await consentOf(record)).toMatchObject({ required: true, accepted_at: null });
    expect((await call("/users/self/consent")).status).toBe(401);
  });
});
