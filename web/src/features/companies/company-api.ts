import { api } from "../../api/client";

const company = api.companies[":companyId"];
const id = (n: number) => String(n);

/** The calls of the company page (docs/operations.md "Companies"); each answers the plain response. */
export const companyApi = {
  create: (name: string) => api.companies.$post({ json: { name } }),
  invite: (companyId: number, body: { email: string; role: "admin" | "member"; allowance: number | null }) =>
    company.employees.$post({ param: { companyId: id(companyId) }, json: body }),
  change: (
    companyId: number,
    employeeId: number,
    query: { role?: "admin" | "member"; allowance?: string; remove?: "true" },
  ) => company[":employeeId"].$patch({ param: { companyId: id(companyId), employeeId: id(employeeId) }, query }),
  withdraw: (companyId: number, invitationId: number) =>
    company.invitations[":invitationId"].$delete({
      param: { companyId: id(companyId), invitationId: id(invitationId) },
    }),
  /**
   * `POST /payments/{plan}?company_id=`: the route reads `company_id` by hand, so the client's types do not name it.
   */
  buy: (planId: number, companyId: number) =>
    api.payments[":subscriptionId"].$post({
      param: { subscriptionId: String(planId) },
      query: { company_id: String(companyId) },
    } as never),
};
