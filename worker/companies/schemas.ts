import { z } from "zod";
import { limitsSchema } from "../billing/schemas";

// The shapes the companies API answers with (docs/operations.md), declared once: the serializers
// return them, the OpenAPI document names them (`.meta({ id })`) and the web app infers them.
// Strict: a field added or dropped on one side only fails the response tests.

const isoTime = z.iso.datetime();
const invitedRole = z.enum(["admin", "member"]);

/** `allowance`: the requests the employee may take from the pool, null for no cap. */
export const employeeSchema = z
  .strictObject({
    id: z.int(),
    user_id: z.int(),
    email: z.string().nullable(),
    name: z.string().nullable(),
    role: z.enum(["owner", "admin", "member"]),
    allowance: z.int().nullable(),
    used: z.int(),
  })
  .meta({ id: "Employee" });
export type Employee = z.infer<typeof employeeSchema>;

/** An invitation as a manager of the company sees it: what they typed, and its state. */
export const invitationSchema = z
  .strictObject({
    id: z.int(),
    email: z.string(),
    role: invitedRole,
    allowance: z.int().nullable(),
    status: z.enum(["pending", "accepted", "declined"]),
    created_at: isoTime,
    responded_at: isoTime.nullable(),
  })
  .meta({ id: "Invitation" });
export type Invitation = z.infer<typeof invitationSchema>;

/** An invitation as its invitee sees it: which company, as whom. */
export const myInvitationSchema = z
  .strictObject({
    id: z.int(),
    company: z.strictObject({ id: z.int(), name: z.string() }),
    /** Who invited: their name, else their e-mail; null when their account is gone. */
    invited_by: z.string().nullable(),
    role: invitedRole,
    allowance: z.int().nullable(),
    created_at: isoTime,
  })
  .meta({ id: "MyInvitation" });
export type MyInvitation = z.infer<typeof myInvitationSchema>;

/** A company with its pool, its employees and the invitations still pending. */
export const companySchema = z
  .strictObject({
    id: z.int(),
    name: z.string(),
    owner_id: z.int(),
    created_at: isoTime,
    my_role: z.enum(["owner", "admin", "member"]),
    limits: limitsSchema,
    employees: z.array(employeeSchema),
    invitations: z.array(invitationSchema),
  })
  .meta({ id: "Company" });
export type Company = z.infer<typeof companySchema>;
