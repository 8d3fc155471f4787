import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companies, companyInvitations, companyMembers, limits, users } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { invitationView } from "./company-invitations";
import { companyLimits } from "../../billing/services/limits";
import type { Company as CompanyView, Employee } from "../schemas";

export type CompanyRole = (typeof companyMembers.$inferSelect)["role"];
type Company = typeof companies.$inferSelect;
type Access = { company: Company; myRole: CompanyRole };

export const COMPANY_NOT_FOUND = "Компания не найдена";
export const EMPLOYEE_NOT_FOUND = "Сотрудник не найден";
export const OWNER_IS_FIXED = "Владельца компании нельзя удалить или сменить ему роль";

/** A new company; the caller becomes its owner (a member row with role `owner`) in the same batch. */
export async function createCompany(db: Db, ownerId: number, name: string): Promise<Access> {
  const [[company]] = await db.batch([
    db.insert(companies).values({ ownerId, name }).returning(),
    db.insert(companyMembers).values({ companyId: sql`last_insert_rowid()`, userId: ownerId, role: "owner" }),
  ]);
  return { company: company!, myRole: "owner" };
}

/** The companies the user belongs to, with their role in each. */
export async function listCompanies(db: Db, userId: number): Promise<Access[]> {
  const rows = await db
    .select({ company: companies, myRole: companyMembers.role })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, userId))
    .orderBy(asc(companies.id));
  return rows;
}

/** The company as one of its members sees it (any role); anyone else gets 404. */
export async function companyForMember(db: Db, userId: number, companyId: number): Promise<Access> {
  const [row] = await db
    .select({ company: companies, myRole: companyMembers.role })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
  if (!row) throw ApiError.notFound(COMPANY_NOT_FOUND);
  return row;
}

/**
 * The company as seen by a manager: the owner and company admins (`ownerOnly`: the owner alone).
 * Anyone else, plain members included, gets the same 404 as for a company that does not exist.
 */
export async function companyForManager(db: Db, userId: number, companyId: number, ownerOnly = false): Promise<Access> {
  const access = await companyForMember(db, userId, companyId);
  const allowed = ownerOnly ? ["owner"] : ["owner", "admin"];
  if (!allowed.includes(access.myRole)) throw ApiError.notFound(COMPANY_NOT_FOUND);
  return access;
}

export async function renameCompany(db: Db, companyId: number, name: string): Promise<Company> {
  const [company] = await db
    .update(companies)
    .set({ name, updatedAt: Date.now() })
    .where(eq(companies.id, companyId))
    .returning();
  if (!company) throw ApiError.notFound(COMPANY_NOT_FOUND);
  return company;
}

/** Members and invitations go with the company (cascade); the pool rows have no foreign key. */
export async function deleteCompany(db: Db, companyId: number): Promise<void> {
  await db.batch([
    db.delete(limits).where(eq(limits.companyId, companyId)),
    db.delete(companies).where(eq(companies.id, companyId)),
  ]);
}

const employeeColumns = {
  id: companyMembers.id,
  user_id: companyMembers.userId,
  email: users.email,
  name: users.name,
  role: companyMembers.role,
  allowance: companyMembers.allowance,
  used: companyMembers.used,
};
export type { Employee };

async function employees(db: Db, companyId: number, memberId?: number): Promise<Employee[]> {
  return db
    .select(employeeColumns)
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(
      and(
        eq(companyMembers.companyId, companyId),
        memberId === undefined ? undefined : eq(companyMembers.id, memberId),
      ),
    )
    .orderBy(asc(companyMembers.id));
}

/** The Company of docs/operations.md: the pool, the employees and the invitations still pending. */
export async function companyView(db: Db, { company, myRole }: Access): Promise<CompanyView> {
  const [pool, staff, invitations] = await Promise.all([
    companyLimits(db, company.id),
    employees(db, company.id),
    db
      .select()
      .from(companyInvitations)
      .where(and(eq(companyInvitations.companyId, company.id), eq(companyInvitations.status, "pending")))
      .orderBy(asc(companyInvitations.id)),
  ]);
  return {
    id: company.id,
    name: company.name,
    owner_id: company.ownerId,
    created_at: new Date(company.createdAt).toISOString(),
    my_role: myRole,
    limits: pool,
    employees: staff,
    invitations: invitations.map(invitationView),
  };
}

export type EmployeeChange = { role?: "admin" | "member"; allowance?: number | null; remove?: boolean };

/** Role, allowance or removal of an employee; the owner stays as is. `null` when removed. */
export async function updateEmployee(
  db: Db,
  companyId: number,
  memberId: number,
  change: EmployeeChange,
): Promise<Employee | null> {
  const [member] = await db
    .select({ role: companyMembers.role })
    .from(companyMembers)
    .where(and(eq(companyMembers.id, memberId), eq(companyMembers.companyId, companyId)));
  if (!member) throw ApiError.notFound(EMPLOYEE_NOT_FOUND);
  if (member.role === "owner" && (change.remove || change.role !== undefined)) throw ApiError.forbidden(OWNER_IS_FIXED);
  const target = and(eq(companyMembers.id, memberId), eq(companyMembers.companyId, companyId));
  if (change.remove) {
    await db.delete(companyMembers).where(target);
    return null;
  }
  const set = {
    ...(change.role !== undefined && { role: change.role }),
    ...(change.allowance !== undefined && { allowance: change.allowance }),
  };
  if (Object.keys(set).length > 0) await db.update(companyMembers).set(set).where(target);
  return (await employees(db, companyId, memberId))[0]!;
}
