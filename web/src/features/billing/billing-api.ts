import { api } from "../../api/client";

export type { Payment, Plan } from "../../../../worker/billing/schemas";

/**
 * The calls of the subscription tab and /checkout (docs/billing.md) through the typed client; the
 * lists live in the billing queries (`limits-queries.ts`, `plans-queries.ts`, `disclaimers-queries.ts`).
 */
export const billingApi = {
  /** `GET /subscriptions/{id}`. */
  plan: (id: number) => api.subscriptions[":id"].$get({ param: { id: String(id) } }),
  /** `POST /payments/{subscriptionId}`: the payment URL as the JSON body. */
  createPayment: (planId: number) =>
    api.payments[":subscriptionId"].$post({ param: { subscriptionId: String(planId) } }),
  /** `GET /payments/{id}`: the caller's own payment. The client does not encode path params. */
  payment: (id: string) => api.payments[":id"].$get({ param: { id: encodeURIComponent(id) } }),
  /** `POST /payments/{id}/cancel`: gives up the caller's unpaid payment. */
  cancelPayment: (id: string) => api.payments[":id"].cancel.$post({ param: { id: encodeURIComponent(id) } }),
  /** `POST /promos/use/{name}`: the caller's limits after the grant. A code is user input: encoded here. */
  usePromo: (name: string) => api.promos.use[":name"].$post({ param: { name: encodeURIComponent(name) } }),
};
