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

type Args = { param?: Record<string, string>; json?: unknown };
type Call = (args?: Args) => Promise<Response>;
type Route = { [segment: string]: Route } & { $get: Call; $post: Call };

// The billing routes of docs/billing.md through the same hono client as `api`, before the Worker's
// sub-apps are in `AppType`. Replaced by `api` itself once they are.
const billing = () => api as unknown as Route;

/** The calls of the subscription tab, /checkout and the disclaimer dialog (docs/billing.md). */
export const billingApi = {
  /** `GET /subscriptions/`: the visible plans, cheapest first. */
  plans: () => billing().subscriptions.$get(),
  /** `GET /subscriptions/{id}`. */
  plan: (id: number) => billing().subscriptions[":id"].$get({ param: { id: String(id) } }),
  /** `POST /payments/{subscriptionId}`: the payment URL as the JSON body. */
  createPayment: (planId: number) => billing().payments[":subscriptionId"].$post({ param: { subscriptionId: String(planId) } }),
  /** `GET /payments/{id}`: the caller's own payment. */
  payment: (id: string) => billing().payments[":id"].$get({ param: { id: encodeURIComponent(id) } }),
  /** `POST /promos/use/{name}`: the caller's limits after the grant. The client does not encode path params, and a code is user input. */
  usePromo: (name: string) => billing().promos.use[":name"].$post({ param: { name: encodeURIComponent(name) } }),
  /** `GET /disclaimers/`: every mode's terms for the caller, with `accepted`. */
  disclaimers: () => billing().disclaimers.$get(),
  /** `POST /disclaimers/{assistantType}/accept`. */
  acceptDisclaimer: (assistantType: string) => billing().disclaimers[":assistantType"].accept.$post({ param: { assistantType } }),
};
