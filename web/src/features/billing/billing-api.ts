import { api } from "../../api/client";

/** A plan to buy (docs/billing.md): `price` in rubles with at most two decimals. */
export type Plan = {
  id: number;
  name: string;
  price: number;
  day_gap: number;
  requests_limit: number;
  is_unlimited: boolean;
  is_visible: boolean;
};

export type PaymentStatus = "pending" | "waiting_for_capture" | "succeeded" | "canceled" | "refunded";

/** A payment as `GET /payments/{id}` answers it. */
export type Payment = {
  id: string;
  subscription_id: number;
  amount: number;
  currency: string;
  status: PaymentStatus;
  provider: string;
  created_at: string;
  credited: boolean;
};

/** A mode's terms that the user accepts before the first message in it. */
export type Disclaimer = { assistant_type: string; text: string; version: number; accepted: boolean };

const asResponse = (call: Promise<unknown>) => call as Promise<Response>;

/** The calls of the subscription tab, /checkout and the disclaimer dialog (docs/billing.md), through the typed client. */
export const billingApi = {
  /** `GET /subscriptions/`: the visible plans, cheapest first. */
  plans: () => asResponse(api.subscriptions.$get()),
  /** `GET /subscriptions/{id}`. */
  plan: (id: number) => asResponse(api.subscriptions[":id"].$get({ param: { id: String(id) } })),
  /** `POST /payments/{subscriptionId}`: the payment URL as the JSON body. */
  createPayment: (planId: number) => asResponse(api.payments[":subscriptionId"].$post({ param: { subscriptionId: String(planId) } })),
  /** `GET /payments/{id}`: the caller's own payment. The client does not encode path params. */
  payment: (id: string) => asResponse(api.payments[":id"].$get({ param: { id: encodeURIComponent(id) } })),
  /** `POST /promos/use/{name}`: the caller's limits after the grant. A code is user input: encoded here. */
  usePromo: (name: string) => asResponse(api.promos.use[":name"].$post({ param: { name: encodeURIComponent(name) } })),
  /** `GET /disclaimers/`: every mode's terms for the caller, with `accepted`. */
  disclaimers: () => asResponse(api.disclaimers.$get()),
  /** `POST /disclaimers/{assistantType}/accept` with the version shown: 409 when the terms changed since. */
  acceptDisclaimer: (assistantType: string, version: number) =>
    asResponse(api.disclaimers[":assistantType"].accept.$post({ param: { assistantType: encodeURIComponent(assistantType) }, json: { version } })),
};
