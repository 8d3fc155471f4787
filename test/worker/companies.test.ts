import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client";
import { refundRequest, takeRequest } from "../../worker/billing/services/limits";
import { useFakeMail } from "./fakes/mail";
import { authHeaders, call, createAdmin, detailOf, uniqueEmail } from "./helpers";
import { newAccount, startTopic, StreamReader, type Account } from "./streams-helpers";

type Employee = {
  id: number;
  user_id: number;
  email: string | null;
  role: string;
  allowance: number | null;
  used: number;
};
type Company = {
  id: number;
  name: string;
  owner_id: number;
  my_role: string;
  limits: { available_requests: number };
  employees: Employee[];
  invitations: { email: string }[];
};

const as = (account: Account) => ({ headers: authHeaders(account.record) });
// Invitation letters go to the fake mail API (the invitation tests read them there).
useFakeMail();

async function newCompany(owner: Account, name = "ООО «Ромашка»"): Promise<Company> {
  const res = await call("/companies/", { json: { name }, ...as(owner) });
  expect(res.status).toBe(201);
  return (await res.json()) as Company;
}

async function hire(
  owner: Account,
  companyId: number,
  email: string,
  extra: { role?: string; allowance?: number | null } = {},
) {
  return call(`/companies/${companyId}/employees`, { json: { email, ...extra }, ...as(owner) });
}

/** The invitee accepts the company's invitation in the app: answers the Company as they now see it. */
async function acceptInvitation(employee: Account, companyId: number): Promise<Company> {
  const mine = (await (await call("/companies/invitations/", as(employee))).json()) as {
    id: number;
    company: { id: number };
  }[];
  const invitation = mine.find((i) => i.company.id === companyId);
  expect(invitation).toBeDefined();
  const res = await call(`/companies/invitations/${invitation!.id}/accept`, { method: "POST", ...as(employee) });
  expect(res.status).toBe(200);
  return (await res.json()) as Company;
}

/** Invites `employee` and has them accept: nobody joins without saying yes. Answers their Employee row. */
async function join(
  owner: Account,
  companyId: number,
  employee: Account,
  extra: { role?: string; allowance?: number | null } = {},
): Promise<Employee> {
  expect((await hire(owner, companyId, employee.email, extra)).status).toBe(201);
  const company = await acceptInvitation(employee, companyId);
  return company.employees.find((e) => e.user_id === employee.userId)!;
}

async function addPool(companyId: number, available: number, expire: number | null = null) {
  const { meta } = await env.DB.prepare(
    "INSERT INTO limits (company_id, requests, available_requests, date_expire, source) VALUES (?, ?, ?, ?, 'admin')",
  )
    .bind(companyId, available, available, expire)
    .run();
  return meta.last_row_id;
}

const poolLeft = async (limitId: number) =>
  (await env.DB.prepare("SELECT available_requests AS n FROM limits WHERE id = ?")
    .bind(limitId)
    .first<{ n: number }>())!.n;
const ownLeft = async (userId: number) =>
  (await env.DB.prepare("SELECT sum(available_requests) AS n FROM limits WHERE user_id = ?")
    .bind(userId)
    .first<{ n: number }>())!.n;
const memberUsed = async (companyId: number, userId: number) =>
  (await env.DB.prepare("SELECT used FROM company_members WHERE company_id = ? AND user_id = ?")
    .bind(companyId, userId)
    .first<{ used: number }>())!.used;

/** A company with an employee (given allowance) and a pool row of `pool` requests. */
async function staffedCompany(allowance: number | null, pool: number) {
  const owner = await newAccount();
  const employee = await newAccount();
  const company = await newCompany(owner);
  await join(owner, company.id, employee, { allowance });
  const poolId = await addPool(company.id, pool);
  return { owner, employee, company, poolId };
}

describe("companies: CRUD and roles", () => {
  it(
    "the creator is the owner; strangers and plain members get 404; admins manage but only the owner " + "deletes",
    async () => {
      const owner = await newAccount();
      const company = await newCompany(owner, "  ООО «Ромашка»  ");
      expect(company).toMatchObject({
        name: "ООО «Ромашка»",
        owner_id: owner.userId,
        my_role: "owner",
        limits: { available_requests: 0 },
      });
      expect(company.employees).toEqual([
        expect.objectContaining({ user_id: owner.userId, role: "owner", allowance: null, used: 0 }),
      ]);

      const list = (await (await call("/companies/", as(owner))).json()) as Company[];
      expect(list.map((c) => c.id)).toContain(company.id);

      const stranger = await newAccount();
      for (const [method, json] of [
        ["GET", undefined],
        ["PATCH", { name: "Чужая" }],
        ["DELETE", undefined],
      ] as const) {
        const res = await call(`/companies/${company.id}`, { method, json, ...as(stranger) });
        expect(res.status).toBe(404);
        expect(await detailOf(res)).toBe("Компания не найдена");
      }
      expect(((await (await call("/companies/", as(stranger))).json()) as Company[]).map((c) => c.id)).not.toContain(
        company.id,
      );

      const member = await newAccount();
      const admin = await newAccount();
      await join(owner, company.id, member);
      await join(owner, company.id, admin, { role: "admin" });
      expect((await call(`/companies/${company.id}`, as(member))).status).toBe(404);
      expect((await hire(member, company.id, uniqueEmail())).status).toBe(404);
      // The member still sees the company in their own list.
      expect(
        ((await (await call("/companies/", as(member))).json()) as Company[]).find((c) => c.id === company.id)?.my_role,
      ).toBe("member");

      const renamed = await call(`/companies/${company.id}`, {
        method: "PATCH",
        json: { name: "ООО «Лютик»" },
        ...as(admin),
      });
      expect(renamed.status).toBe(200);
      expect(await renamed.json()).toMatchObject({ name: "ООО «Лютик»", my_role: "admin" });
      expect((await call(`/companies/${company.id}`, { method: "DELETE", ...as(admin) })).status).toBe(404);

      expect((await call(`/companies/${company.id}`, { method: "DELETE", ...as(owner) })).status).toBe(204);
      expect((await call(`/companies/${company.id}`, as(owner))).status).toBe(404);
    },
  );

  it("refuses bad input with Russian messages", async () => {
    const owner = await newAccount();
    const empty = await call("/companies/", { json: { name: "  " }, ...as(owner) });
    expect(empty.status).toBe(422);
    expect(JSON.stringify(await detailOf(empty))).toContain("Название компании не может быть пустым");
    const company = await newCompany(owner);
    const badMail = await hire(owner, company.id, "не-почта");
    expect(badMail.status).toBe(422);
    expect(JSON.stringify(await detailOf(badMail))).toContain("Некорректный e-mail");
    const badAllowance = await call(`/companies/${company.id}/${company.employees[0]!.id}?allowance=-1`, {
      method: "PATCH",
      ...as(owner),
    });
    expect(badAllowance.status).toBe(422);
    expect((await call("/companies/", { json: { name: "x" } })).status).toBe(401);
  });
});

describe("companies: employees", () => {
  it("an existing account is invited, not added: it joins only by accepting; an employee again is a 409", async () => {
    const owner = await newAccount();
    const employee = await newAccount();
    const company = await newCompany(owner);
    const res = await hire(owner, company.id, employee.email.toUpperCase(), { allowance: 10 });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      id: expect.any(Number),
      email: employee.email,
      role: "member",
      allowance: 10,
      status: "pending",
      created_at: expect.any(String),
      responded_at: null,
    });
    // Not a member yet: the company does not list them and they cannot see it.
    const before = (await (await call(`/companies/${company.id}`, as(owner))).json()) as Company;
    expect(before.employees.map((e) => e.user_id)).not.toContain(employee.userId);
    expect(((await (await call("/companies/", as(employee))).json()) as Company[]).map((c) => c.id)).not.toContain(
      company.id,
    );

    const joined = await acceptInvitation(employee, company.id);
    expect(joined.employees.find((e) => e.user_id === employee.userId)).toMatchObject({
      email: employee.email,
      role: "member",
      allowance: 10,
      used: 0,
    });
    const twice = await hire(owner, company.id, employee.email);
    expect(twice.status).toBe(409);
    expect(await detailOf(twice)).toBe("Этот пользователь уже сотрудник компании");
  });

  it("changes role and allowance, removes, and keeps the owner as is", async () => {
    const owner = await newAccount();
    const employee = await newAccount();
    const company = await newCompany(owner);
    const hired = await join(owner, company.id, employee);

    const changed = await call(`/companies/${company.id}/${hired.id}?role=admin&allowance=5`, {
      method: "PATCH",
      ...as(owner),
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ id: hired.id, role: "admin", allowance: 5 });
    const uncapped = await call(`/companies/${company.id}/${hired.id}?allowance=null`, {
      method: "PATCH",
      ...as(owner),
    });
    expect(await uncapped.json()).toMatchObject({ role: "admin", allowance: null });

    const ownerRow = company.employees[0]!;
    for (const query of ["remove=true", "role=member"]) {
      const res = await call(`/companies/${company.id}/${ownerRow.id}?${query}`, { method: "PATCH", ...as(employee) });
      expect(res.status).toBe(403);
      expect(await detailOf(res)).toBe("Владельца компании нельзя удалить или сменить ему роль");
    }
    const other = await newCompany(await newAccount());
    expect(
      (await call(`/companies/${company.id}/${other.employees[0]!.id}?role=admin`, { method: "PATCH", ...as(owner) }))
        .status,
    ).toBe(404);

    expect(
      (await call(`/companies/${company.id}/${hired.id}?remove=true`, { method: "PATCH", ...as(owner) })).status,
    ).toBe(204);
    expect((await call(`/companies/${company.id}`, as(employee))).status).toBe(404);
  });
});

describe("companies: the request pool", () => {
  it("an employee's sends take from the pool within the allowance, then from their own limits", async () => {
    const { employee, company, poolId } = await staffedCompany(2, 5);
    const own = await ownLeft(employee.userId);
    const db = getDb(env.DB);
    const first = await takeRequest(db, employee.userId);
    expect(first).toMatchObject({ limitId: poolId, unlimited: false, companyId: company.id });
    expect((await takeRequest(db, employee.userId)).companyId).toBe(company.id);
    const third = await takeRequest(db, employee.userId);
    expect(third.companyId).toBeUndefined();
    expect(await poolLeft(poolId)).toBe(3);
    expect(await memberUsed(company.id, employee.userId)).toBe(2);
    expect(await ownLeft(employee.userId)).toBe(own - 1);

    const charges = await env.DB.prepare(
      "SELECT limit_id, company_id FROM request_charges WHERE user_id = ? ORDER BY id",
    )
      .bind(employee.userId)
      .all();
    expect(charges.results).toEqual([
      { limit_id: poolId, company_id: company.id },
      { limit_id: poolId, company_id: company.id },
      { limit_id: third.limitId, company_id: null },
    ]);
  });

  it("a send through HTTP takes from the pool, and the owner sees it in the company", async () => {
    const { owner, employee, company, poolId } = await staffedCompany(null, 3);
    const own = await ownLeft(employee.userId);
    const res = await startTopic(employee, "Вопрос за счёт компании");
    expect(res.status).toBe(200);
    await new StreamReader(res).rest();
    expect(await poolLeft(poolId)).toBe(2);
    expect(await ownLeft(employee.userId)).toBe(own);
    const view = (await (await call(`/companies/${company.id}`, as(owner))).json()) as Company;
    expect(view.limits.available_requests).toBe(2);
    expect(view.employees.find((e) => e.user_id === employee.userId)!.used).toBe(1);
    // The employee's own limits say where their sends come from first (docs/billing.md "Balance").
    const mine = (await (await call("/limits/", as(employee))).json()) as { pool: unknown };
    expect(mine.pool).toEqual({
      company_id: company.id,
      company_name: expect.any(String),
      available_requests: 2,
      is_unlimited: false,
    });
  });

  it("the pool an employee sees is what their allowance leaves of it; none once it is used up", async () => {
    const { employee, company } = await staffedCompany(1, 5);
    const before = (await (await call("/limits/", as(employee))).json()) as {
      pool: { available_requests: number } | null;
    };
    expect(before.pool).toMatchObject({ company_id: company.id, available_requests: 1 });
    await new StreamReader(await startTopic(employee, "Один вопрос")).rest();
    expect(((await (await call("/limits/", as(employee))).json()) as { pool: unknown }).pool).toBeNull();
  });

  it("an empty or expired pool leaves the employee on their own limits", async () => {
    const { employee, company, poolId } = await staffedCompany(null, 0);
    await addPool(company.id, 4, Date.now() - 1000);
    const charge = await takeRequest(getDb(env.DB), employee.userId);
    expect(charge.companyId).toBeUndefined();
    expect(await poolLeft(poolId)).toBe(0);
    expect(await memberUsed(company.id, employee.userId)).toBe(0);
  });

  it("of parallel sends at allowance − 1 exactly one takes from the pool", async () => {
    const { employee, company, poolId } = await staffedCompany(3, 10);
    await env.DB.prepare("UPDATE company_members SET used = 2 WHERE company_id = ? AND user_id = ?")
      .bind(company.id, employee.userId)
      .run();
    const own = await ownLeft(employee.userId);
    const db = getDb(env.DB);
    const charges = await Promise.all(Array.from({ length: 5 }, () => takeRequest(db, employee.userId)));
    expect(charges.filter((c) => c.companyId === company.id)).toHaveLength(1);
    expect(await poolLeft(poolId)).toBe(9);
    expect(await memberUsed(company.id, employee.userId)).toBe(3);
    expect(await ownLeft(employee.userId)).toBe(own - 4);
  });

  it("a refund goes back to the pool row and the allowance, once", async () => {
    const { employee, company, poolId } = await staffedCompany(1, 2);
    const db = getDb(env.DB);
    const charge = await takeRequest(db, employee.userId);
    expect(charge.companyId).toBe(company.id);
    await refundRequest(db, charge);
    await refundRequest(db, charge);
    expect(await poolLeft(poolId)).toBe(2);
    expect(await memberUsed(company.id, employee.userId)).toBe(0);
    const row = await env.DB.prepare("SELECT refunded FROM request_charges WHERE id = ?")
      .bind(charge.chargeId!)
      .first<{ refunded: number }>();
    expect(row!.refunded).toBe(1);
    // The allowance is free again: the next send takes from the pool.
    expect((await takeRequest(db, employee.userId)).companyId).toBe(company.id);
  });
});

describe("companies: buying and granting for the pool", () => {
  it(
    "the owner buys a plan for the company through the sandbox: the pool gets it, not the owner; a stranger gets " +
      "404",
    async () => {
      const { owner, company } = await staffedCompany(null, 0);
      const ownBefore = await ownLeft(owner.userId);
      const admin = await createAdmin();
      const plan = (await (
        await call("/subscriptions/", {
          json: { name: `Команда ${crypto.randomUUID().slice(0, 6)}`, price: 990, day_gap: 30, requests_limit: 50 },
          headers: authHeaders(admin.record),
        })
      ).json()) as { id: number };
      expect(plan.id).toEqual(expect.any(Number));

      const stranger = await newAccount();
      expect(
        (await call(`/payments/${plan.id}?company_id=${company.id}`, { method: "POST", ...as(stranger) })).status,
      ).toBe(404);
      expect((await call(`/companies/${company.id}/payments`, as(stranger))).status).toBe(404);
      expect((await call(`/payments/${plan.id}?company_id=abc`, { method: "POST", ...as(owner) })).status).toBe(404);

      const started = await call(`/payments/${plan.id}?company_id=${company.id}`, { method: "POST", ...as(owner) });
      expect(started.status).toBe(200);
      // The payer's browser on the sandbox checkout page.
      const url = ((await started.json()) as string).replace(env.APP_URL, "http://app.test");
      const paid = await SELF.fetch(url, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ action: "pay" }).toString(),
      });
      expect(paid.status).toBe(303);
      const payment = await env.DB.prepare("SELECT user_id, company_id, status FROM payments WHERE id = ?")
        .bind(url.split("/").at(-1))
        .first();
      expect(payment).toEqual({ user_id: owner.userId, company_id: company.id, status: "succeeded" });

      const view = (await (await call(`/companies/${company.id}`, as(owner))).json()) as Company;
      expect(view.limits.available_requests).toBe(50);
      // The company's purchases, for its managers only.
      const bought = (await (await call(`/companies/${company.id}/payments`, as(owner))).json()) as {
        id: string;
        status: string;
        plan_name: string;
      }[];
      expect(bought).toEqual([
        expect.objectContaining({ id: url.split("/").at(-1), status: "succeeded", plan_name: expect.any(String) }),
      ]);
      expect(await ownLeft(owner.userId)).toBe(ownBefore);
    },
  );

  it("an admin grants requests to a company with /limits/update/ (set and add); users get 403", async () => {
    const { owner, company } = await staffedCompany(null, 0);
    const admin = await createAdmin();
    const asUser = await call("/limits/update/", {
      json: { company_id: company.id, requests: 5, mode: "add" },
      ...as(owner),
    });
    expect(asUser.status).toBe(403);
    const added = await call("/limits/update/", {
      json: { company_id: company.id, requests: 5, mode: "add" },
      headers: authHeaders(admin.record),
    });
    expect(added.status).toBe(200);
    expect(await added.json()).toMatchObject({ available_requests: 5 });
    const set = await call("/limits/update/", {
      json: { company_id: company.id, requests: 3, mode: "set", days: 30 },
      headers: authHeaders(admin.record),
    });
    expect(await set.json()).toMatchObject({
      available_requests: 3,
      limits: [expect.objectContaining({ requests: 3, source: "admin" })],
    });
    const unknown = await call("/limits/update/", {
      json: { company_id: 999_999_999, requests: 1, mode: "add" },
      headers: authHeaders(admin.record),
    });
    expect(unknown.status).toBe(404);
    expect(await detailOf(unknown)).toBe("Компания не найдена");
  });
});
