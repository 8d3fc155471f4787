import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { REDACTED } from "../../worker/accounts/services/mail";
import { sha256Hex } from "../../worker/accounts/services/opaque-tokens";
import { RATE_LIMITS } from "../../worker/http/rate-limit";
import { useFakeMail } from "./fakes/mail";
import { authHeaders, call, detailOf, registerUser, uniqueEmail } from "./helpers";
import type { Account } from "./streams-helpers";

// Nobody joins a company without saying yes (docs/operations.md, "Invitations").

type Invitation = {
  id: number;
  email: string;
  role: string;
  allowance: number | null;
  status: string;
  created_at: string;
  responded_at: string | null;
};
type MyInvitation = {
  id: number;
  company: { id: number; name: string };
  invited_by: string | null;
  role: string;
  allowance: number | null;
  created_at: string;
};
type Company = {
  id: number;
  name: string;
  my_role: string;
  employees: { user_id: number; role: string; allowance: number | null }[];
  invitations: Invitation[];
};

const mail = useFakeMail();
const as = (account: Account) => ({ headers: authHeaders(account.record) });
const LINK = /\/invitations\/([\w-]+)/;

async function newCompany(owner: Account, name = `ООО «Ромашка ${crypto.randomUUID().slice(0, 4)}»`): Promise<Company> {
  const res = await call("/companies/", { json: { name }, ...as(owner) });
  expect(res.status).toBe(201);
  return (await res.json()) as Company;
}

const invite = (
  manager: Account,
  companyId: number,
  email: string,
  extra: { role?: string; allowance?: number | null } = {},
) => call(`/companies/${companyId}/employees`, { json: { email, ...extra }, ...as(manager) });

async function invited(
  manager: Account,
  companyId: number,
  email: string,
  extra: { role?: string; allowance?: number | null } = {},
): Promise<Invitation> {
  const res = await invite(manager, companyId, email, extra);
  expect(res.status).toBe(201);
  return (await res.json()) as Invitation;
}

async function myInvitations(account: Account): Promise<MyInvitation[]> {
  const res = await call("/companies/invitations/", as(account));
  expect(res.status).toBe(200);
  return (await res.json()) as MyInvitation[];
}

const acceptById = (account: Account, id: number) =>
  call(`/companies/invitations/${id}/accept`, { method: "POST", ...as(account) });
const declineById = (account: Account, id: number) =>
  call(`/companies/invitations/${id}/decline`, { method: "POST", ...as(account) });
const acceptByToken = (account: Account, token: string) =>
  call("/companies/invitations/accept", { json: { token }, ...as(account) });

const companyOf = async (manager: Account, companyId: number) =>
  (await (await call(`/companies/${companyId}`, as(manager))).json()) as Company;
const memberIds = async (manager: Account, companyId: number) =>
  (await companyOf(manager, companyId)).employees.map((e) => e.user_id);

/** The titles of the account's in-app notices, once `count` of them have arrived (they come in the background). */
const noticesOf = (account: Account, count = 1) =>
  vi.waitFor(async () => {
    const notices = (await (await call("/notifications/", as(account))).json()) as { title: string; text: string }[];
    expect(notices.length).toBeGreaterThanOrEqual(count);
    return notices;
  });

describe("inviting by e-mail", () => {
  it(
    "answers the same for an existing account and an unknown e-mail: an invitation, no user id or name; nobody " +
      "joins",
    async () => {
      const owner = await registerUser();
      const existing = await registerUser({ name: "Анна Секретная" });
      const company = await newCompany(owner);
      const unknownEmail = uniqueEmail("nobody");

      const answers = [];
      for (const email of [existing.email, unknownEmail]) {
        const res = await invite(owner, company.id, email, { allowance: 5 });
        expect(res.status).toBe(201);
        answers.push((await res.json()) as Record<string, unknown>);
      }
      for (const [answer, email] of [
        [answers[0]!, existing.email],
        [answers[1]!, unknownEmail],
      ] as const) {
        expect(answer).toEqual({
          id: expect.any(Number),
          email,
          role: "member",
          allowance: 5,
          status: "pending",
          created_at: expect.any(String),
          responded_at: null,
        });
      }
      expect(Object.keys(answers[0]!)).toEqual(Object.keys(answers[1]!));
      expect(JSON.stringify(answers)).not.toContain("Анна");
      for (const answer of answers)
        for (const key of ["user_id", "name", "user", "exists"]) expect(answer).not.toHaveProperty(key);

      // Neither is a member; the company shows both as pending invitations.
      const view = await companyOf(owner, company.id);
      expect(view.employees.map((e) => e.user_id)).toEqual([owner.userId]);
      expect(view.invitations.map((i) => [i.email, i.status])).toEqual([
        [existing.email, "pending"],
        [unknownEmail, "pending"],
      ]);
      // Both get a letter, whether or not the address has an account.
      await mail.waitFor(existing.email);
      await mail.waitFor(unknownEmail);
    },
  );

  it("names the company and who invited, quotes nested as Russian typography wants (issue 29)", async () => {
    const owner = await registerUser({ name: "Анна Смирнова" });
    const invitee = await registerUser();
    const tag = crypto.randomUUID().slice(0, 4);
    const company = await newCompany(owner, `ООО «Ромашка ${tag}»`);
    await invited(owner, company.id, invitee.email);
    const letter = await mail.waitFor(invitee.email);
    expect(letter.subject).toBe(`Приглашение в компанию «ООО „Ромашка ${tag}“» в «Ясно»`);
    expect(letter.text).toContain(`Анна Смирнова приглашает вас в компанию «ООО „Ромашка ${tag}“» в «Ясно»`);
    expect((await noticesOf(invitee))[0]).toMatchObject({ title: `Приглашение в компанию «ООО „Ромашка ${tag}“»` });
    expect(await myInvitations(invitee)).toMatchObject([
      { company: { id: company.id, name: `ООО «Ромашка ${tag}»` }, invited_by: "Анна Смирнова" },
    ]);
    // An inviter whose account is gone: nobody is named.
    await env.DB.prepare("UPDATE company_invitations SET invited_by = NULL WHERE company_id = ?")
      .bind(company.id)
      .run();
    expect((await myInvitations(invitee))[0]!.invited_by).toBeNull();
  });

  it(
    "mails a link and leaves an in-app notice; the token is stored hashed only; the invitee accepts through the " +
      "link",
    async () => {
      const owner = await registerUser();
      const invitee = await registerUser();
      const company = await newCompany(owner, "Бюро Ясность");
      const invitation = await invited(owner, company.id, invitee.email, { role: "admin", allowance: 7 });

      const letter = await mail.waitFor(invitee.email);
      expect(letter.subject).toBe("Приглашение в компанию «Бюро Ясность» в «Ясно»");
      expect(letter.text).toContain(`${env.APP_URL}/invitations/`);
      const token = await mail.linkIn(invitee.email, LINK);
      const notices = await noticesOf(invitee);
      expect(notices[0]).toMatchObject({
        title: "Приглашение в компанию «Бюро Ясность»",
        text: expect.stringContaining("/invitations"),
      });

      // At rest: the SHA-256 of the token, and the outbox copy has the link redacted.
      const row = await env.DB.prepare("SELECT token_hash FROM company_invitations WHERE id = ?")
        .bind(invitation.id)
        .first<{ token_hash: string }>();
      expect(row!.token_hash).toBe(await sha256Hex(token));
      const stored = await env.DB.prepare('SELECT text FROM mail_outbox WHERE "to" = ?')
        .bind(invitee.email)
        .first<{ text: string }>();
      expect(stored!.text).not.toContain(token);
      expect(stored!.text).toContain(REDACTED);

      // Someone else signed in, with the very link: 404, and nothing changes.
      const stranger = await registerUser();
      const stolen = await acceptByToken(stranger, token);
      expect(stolen.status).toBe(404);
      expect(await detailOf(stolen)).toBe("Приглашение не найдено");
      expect((await acceptByToken(owner, token)).status).toBe(404);
      expect(await memberIds(owner, company.id)).not.toContain(stranger.userId);

      const accepted = await acceptByToken(invitee, token);
      expect(accepted.status).toBe(200);
      const joined = (await accepted.json()) as Company;
      expect(joined).toMatchObject({ id: company.id, my_role: "admin" });
      expect(joined.employees.find((e) => e.user_id === invitee.userId)).toMatchObject({ role: "admin", allowance: 7 });
      // Spent: the link works once, and the token is gone from the row.
      expect((await acceptByToken(invitee, token)).status).toBe(404);
      const after = await env.DB.prepare("SELECT status, token_hash FROM company_invitations WHERE id = ?")
        .bind(invitation.id)
        .first();
      expect(after).toEqual({ status: "accepted", token_hash: null });
    },
  );

  it("only the invitee accepts or declines; the inviter, a stranger and another company's owner get 404", async () => {
    const owner = await registerUser();
    const invitee = await registerUser();
    const company = await newCompany(owner);
    const invitation = await invited(owner, company.id, invitee.email);
    const others = [owner, await registerUser(), await registerUser()];
    await newCompany(others[2]!);
    for (const other of others) {
      for (const res of [await acceptById(other, invitation.id), await declineById(other, invitation.id)]) {
        expect(res.status).toBe(404);
        expect(await detailOf(res)).toBe("Приглашение не найдено");
      }
      expect((await myInvitations(other)).map((i) => i.id)).not.toContain(invitation.id);
    }
    expect((await acceptById(invitee, 999_999_999)).status).toBe(404);
    expect((await call("/companies/invitations/0x1/accept", { method: "POST", ...as(invitee) })).status).toBe(404);

    const mine = await myInvitations(invitee);
    expect(mine).toEqual([
      {
        id: invitation.id,
        company: { id: company.id, name: company.name },
        invited_by: "Тестовый Пользователь",
        role: "member",
        allowance: null,
        created_at: expect.any(String),
      },
    ]);
    expect((await acceptById(invitee, invitation.id)).status).toBe(200);
    expect(await memberIds(owner, company.id)).toContain(invitee.userId);
    expect(await myInvitations(invitee)).toEqual([]);
  });

  it("a declined invitation joins nothing and cannot be accepted later; the manager sees it declined", async () => {
    const owner = await registerUser();
    const invitee = await registerUser();
    const company = await newCompany(owner);
    const invitation = await invited(owner, company.id, invitee.email);
    const token = await mail.linkIn(invitee.email, LINK);

    expect((await declineById(invitee, invitation.id)).status).toBe(204);
    expect((await acceptById(invitee, invitation.id)).status).toBe(404);
    expect((await acceptByToken(invitee, token)).status).toBe(404);
    expect((await declineById(invitee, invitation.id)).status).toBe(404);
    expect(await memberIds(owner, company.id)).not.toContain(invitee.userId);
    expect(await myInvitations(invitee)).toEqual([]);

    const declined = await call(`/companies/${company.id}/invitations?status=declined`, as(owner));
    expect(declined.status).toBe(200);
    expect(await declined.json()).toEqual([{ ...invitation, status: "declined", responded_at: expect.any(String) }]);
  });

  it("declines through the mailed link too", async () => {
    const owner = await registerUser();
    const invitee = await registerUser();
    const company = await newCompany(owner);
    await invited(owner, company.id, invitee.email);
    const token = await mail.linkIn(invitee.email, LINK);
    expect((await call("/companies/invitations/decline", { json: { token }, ...as(owner) })).status).toBe(404);
    expect((await call("/companies/invitations/decline", { json: { token }, ...as(invitee) })).status).toBe(204);
    expect(await myInvitations(invitee)).toEqual([]);
    const missing = await call("/companies/invitations/accept", { json: {}, ...as(invitee) });
    expect(missing.status).toBe(422);
    expect(JSON.stringify(await detailOf(missing))).toContain("Укажите token из ссылки");
  });

  it(
    "managers list invitations by status and withdraw a pending one (its link stops working); an answered one is " +
      "409",
    async () => {
      const owner = await registerUser();
      const [accepting, declining, withdrawn] = [await registerUser(), await registerUser(), await registerUser()];
      const company = await newCompany(owner);
      const a = await invited(owner, company.id, accepting.email);
      const d = await invited(owner, company.id, declining.email);
      const w = await invited(owner, company.id, withdrawn.email);
      const token = await mail.linkIn(withdrawn.email, LINK);
      await acceptById(accepting, a.id);
      await declineById(declining, d.id);

      const list = async (query = "") =>
        ((await (await call(`/companies/${company.id}/invitations${query}`, as(owner))).json()) as Invitation[]).map(
          (i) => [i.email, i.status],
        );
      expect(await list()).toEqual(
        expect.arrayContaining([
          [accepting.email, "accepted"],
          [declining.email, "declined"],
          [withdrawn.email, "pending"],
        ]),
      );
      expect(await list("?status=pending")).toEqual([[withdrawn.email, "pending"]]);
      expect(await list("?status=accepted")).toEqual([[accepting.email, "accepted"]]);
      const bad = await call(`/companies/${company.id}/invitations?status=maybe`, as(owner));
      expect(bad.status).toBe(422);
      expect(JSON.stringify(await detailOf(bad))).toContain("status: pending, accepted или declined");

      // Neither a stranger nor a plain member manages invitations.
      const stranger = await registerUser();
      expect((await call(`/companies/${company.id}/invitations`, as(stranger))).status).toBe(404);
      expect((await call(`/companies/${company.id}/invitations`, as(accepting))).status).toBe(404);
      expect(
        (await call(`/companies/${company.id}/invitations/${w.id}`, { method: "DELETE", ...as(accepting) })).status,
      ).toBe(404);

      expect(
        (await call(`/companies/${company.id}/invitations/${w.id}`, { method: "DELETE", ...as(owner) })).status,
      ).toBe(204);
      expect((await acceptByToken(withdrawn, token)).status).toBe(404);
      expect(await myInvitations(withdrawn)).toEqual([]);
      const answered = await call(`/companies/${company.id}/invitations/${a.id}`, { method: "DELETE", ...as(owner) });
      expect(answered.status).toBe(409);
      expect(await detailOf(answered)).toBe("На это приглашение уже ответили: отозвать можно только ожидающее");
      expect(
        (await call(`/companies/${company.id}/invitations/${w.id}`, { method: "DELETE", ...as(owner) })).status,
      ).toBe(404);
      // Another company's invitation is not this company's to withdraw.
      const other = await newCompany(owner);
      expect(
        (await call(`/companies/${other.id}/invitations/${d.id}`, { method: "DELETE", ...as(owner) })).status,
      ).toBe(404);
    },
  );

  it("inviting again renews the invitation: the old link stops working, the new one works", async () => {
    const owner = await registerUser();
    const invitee = await registerUser();
    const company = await newCompany(owner);
    const first = await invited(owner, company.id, invitee.email);
    const oldToken = await mail.linkIn(invitee.email, LINK);
    const second = await invited(owner, company.id, invitee.email, { role: "admin" });
    expect(second).toMatchObject({ id: first.id, role: "admin", status: "pending" });
    await mail.waitFor(invitee.email, 2);
    const newToken = mail.lettersTo(invitee.email)[1]!.text.match(LINK)![1]!;
    expect(newToken).not.toBe(oldToken);
    expect((await acceptByToken(invitee, oldToken)).status).toBe(404);
    expect((await acceptByToken(invitee, newToken)).status).toBe(200);
    expect((await companyOf(invitee, company.id)).my_role).toBe("admin");
  });
});

describe("registration and invitations", () => {
  it(
    "a new account joins nothing by registering: it sees its invitations and a notice, and joins by " + "accepting",
    async () => {
      const owner = await registerUser();
      const company = await newCompany(owner, "Бюро Будущее");
      const email = uniqueEmail("newcomer");
      await invited(owner, company.id, email, { role: "admin", allowance: 3 });
      const token = await mail.linkIn(email, LINK);

      const newcomer = await registerUser({ email });
      expect(await memberIds(owner, company.id)).toEqual([owner.userId]);
      expect((await call(`/companies/${company.id}`, as(newcomer))).status).toBe(404);
      expect((await myInvitations(newcomer)).map((i) => i.company.name)).toEqual(["Бюро Будущее"]);
      expect((await noticesOf(newcomer))[0]).toMatchObject({ title: "Приглашение в компанию «Бюро Будущее»" });

      expect((await acceptByToken(newcomer, token)).status).toBe(200);
      expect((await companyOf(owner, company.id)).employees.find((e) => e.user_id === newcomer.userId)).toMatchObject({
        role: "admin",
        allowance: 3,
      });
    },
  );

  // Before: registration joined every pending invitation in one statement, and 25 of them were a 500.
  it(
    "30 invitations from 30 companies: registration works, the person sees all 30 in one notice and the list, and " +
      "can accept them",
    async () => {
      const email = uniqueEmail("popular");
      const owner = await registerUser();
      const ids: number[] = [];
      for (let i = 1; i <= 30; i++) {
        const company = await newCompany(owner, `Компания №${i}`);
        await invited(owner, company.id, email);
        ids.push(company.id);
      }
      const person = await registerUser({ email });
      const mine = await myInvitations(person);
      expect(mine.map((i) => i.company.id)).toEqual(ids);
      const [notice] = await noticesOf(person);
      expect(notice).toMatchObject({
        title: "Приглашения в компании",
        text: expect.stringContaining("«Компания №1», «Компания №2»"),
      });
      expect(notice!.text).toContain("и ещё 25");
      for (const invitation of mine) expect((await acceptById(person, invitation.id)).status).toBe(200);
      const companies = (await (await call("/companies/", as(person))).json()) as Company[];
      expect(companies.map((c) => c.id)).toEqual(ids);
    },
  );
});

// The clock is frozen so a run never straddles two fixed windows.
describe("invitation rate limits", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now());
  });
  afterEach(() => vi.useRealTimers());

  it("per inviter, across their companies", async () => {
    const owner = await registerUser();
    const companies = [await newCompany(owner), await newCompany(owner)];
    const { limit } = RATE_LIMITS.invitationsPerInviter;
    for (let i = 0; i < limit; i++)
      expect((await invite(owner, companies[i % 2]!.id, uniqueEmail("bulk"))).status).toBe(201);
    for (const company of companies) {
      const res = await invite(owner, company.id, uniqueEmail("bulk"));
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await detailOf(res)).toMatch(/^Слишком много попыток, повторите через \d+ (с|мин)$/);
    }
    // Another inviter is not affected.
    const other = await registerUser();
    expect((await invite(other, (await newCompany(other)).id, uniqueEmail())).status).toBe(201);
  });

  it("per company, across its managers", async () => {
    const owner = await registerUser();
    const admin = await registerUser();
    const company = await newCompany(owner);
    const perInviter = RATE_LIMITS.invitationsPerInviter.limit;
    const perCompany = RATE_LIMITS.invitationsPerCompany.limit;
    expect(perCompany).toBeGreaterThan(perInviter);
    const adminInvitation = await invited(owner, company.id, admin.email, { role: "admin" });
    expect((await acceptById(admin, adminInvitation.id)).status).toBe(200);
    for (let i = 1; i < perInviter; i++)
      expect((await invite(owner, company.id, uniqueEmail("bulk"))).status).toBe(201);
    for (let i = perInviter; i < perCompany; i++)
      expect((await invite(admin, company.id, uniqueEmail("bulk"))).status).toBe(201);
    // The admin is under their own limit, the company is not.
    expect((await invite(admin, company.id, uniqueEmail("bulk"))).status).toBe(429);
    const elsewhere = await newCompany(admin);
    expect((await invite(admin, elsewhere.id, uniqueEmail())).status).toBe(201);
  });
});
