import { Hono, type Context } from "hono";

// A fake of YooKassa's API v3 at its HTTP boundary (https://yookassa.ru/developers/api): HTTP Basic
// auth with the shop id and secret key, an Idempotence-Key required on every POST (a repeat with
// the same key and body answers the first answer again, as YooKassa does for 24 hours), payment and
// refund objects in YooKassa's own JSON, and its error format `{type: "error", id, code,
// description, parameter}`. The test plays the payer and YooKassa's back office: it moves payments
// to `succeeded` or `canceled`, and builds the notices YooKassa would send.

export type YooPayment = {
  id: string;
  status: "pending" | "waiting_for_capture" | "succeeded" | "canceled";
  paid: boolean;
  amount: { value: string; currency: string };
  income_amount?: { value: string; currency: string };
  refunded_amount?: { value: string; currency: string };
  confirmation?: { type: "redirect"; confirmation_url: string; return_url: string };
  created_at: string;
  captured_at?: string;
  description?: string;
  metadata: Record<string, string>;
  recipient: { account_id: string; gateway_id: string };
  refundable: boolean;
  test: boolean;
  cancellation_details?: { party: string; reason: string };
};

export type YooRefund = {
  id: string;
  payment_id: string;
  status: "pending" | "succeeded" | "canceled";
  amount: { value: string; currency: string };
  created_at: string;
};

export type RecordedCall = { method: string; path: string; headers: Headers; body: unknown };

const AMOUNT = /^\d+\.\d{2}$/;

/** YooKassa's ids look like UUIDs with its own version digit; any unique string does here. */
const yooId = () => crypto.randomUUID();

export class FakeYooKassa {
  readonly payments = new Map<string, YooPayment>();
  readonly refunds = new Map<string, YooRefund>();
  readonly calls: RecordedCall[] = [];
  /** Answers the next N calls with a 500 (the call is recorded, nothing is done). */
  failNext = 0;
  /** Does the next N POSTs, then answers 500 as if the answer were lost on the way back. */
  loseNextAnswer = 0;
  /** What a refund ends as. */
  refundOutcome: YooRefund["status"] = "succeeded";
  private readonly idempotence = new Map<string, { body: string; status: number; answer: unknown }>();
  private readonly app: Hono;

  constructor(
    readonly baseUrl: string,
    readonly shopId: string,
    readonly secretKey: string,
  ) {
    const base = new URL(baseUrl).pathname.replace(/\/+$/, "");
    this.app = new Hono()
      .post(`${base}/payments`, (c) => this.idempotent(c, (body) => this.createPayment(c, body)))
      .get(`${base}/payments/:id`, (c) => {
        const payment = this.payments.get(c.req.param("id"));
        return payment ? c.json(payment) : this.error(c, 404, "not_found", "Payment doesn't exist or access denied");
      })
      .post(`${base}/refunds`, (c) => this.idempotent(c, (body) => this.createRefund(c, body)))
      .get(`${base}/refunds/:id`, (c) => {
        const refund = this.refunds.get(c.req.param("id"));
        return refund ? c.json(refund) : this.error(c, 404, "not_found", "Refund doesn't exist or access denied");
      });
  }

  reset(): void {
    this.payments.clear();
    this.refunds.clear();
    this.calls.length = 0;
    this.idempotence.clear();
    this.failNext = 0;
    this.loseNextAnswer = 0;
    this.refundOutcome = "succeeded";
  }

  handles(url: string): boolean {
    return url.startsWith(this.baseUrl);
  }

  async fetch(request: Request): Promise<Response> {
    const text = request.method === "GET" ? "" : await request.clone().text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    this.calls.push({ method: request.method, path: new URL(request.url).pathname, headers: request.headers, body });
    if (this.failNext > 0) {
      this.failNext--;
      return Response.json(
        { type: "error", id: yooId(), code: "internal_server_error", description: "Internal server error" },
        { status: 500 },
      );
    }
    const expected = `Basic ${btoa(`${this.shopId}:${this.secretKey}`)}`;
    if (request.headers.get("authorization") !== expected) {
      return Response.json(
        {
          type: "error",
          id: yooId(),
          code: "invalid_credentials",
          description: "Authentication by given credentials failed",
        },
        { status: 401 },
      );
    }
    return this.app.fetch(request);
  }

  /** The calls to one endpoint, e.g. `callsTo("POST", "/payments")`. */
  callsTo(method: string, suffix: string): RecordedCall[] {
    return this.calls.filter((call) => call.method === method && call.path.endsWith(suffix));
  }

  // --- the test as the payer and YooKassa's back office ---

  /** The payer paid: the payment succeeds (or the test forges any other status). */
  setStatus(id: string, status: YooPayment["status"]): YooPayment {
    const payment = this.payments.get(id);
    if (!payment) throw new Error(`the fake has no payment ${id}`);
    payment.status = status;
    payment.paid = status === "succeeded" || status === "waiting_for_capture";
    payment.refundable = status === "succeeded";
    if (status === "succeeded") payment.captured_at = new Date().toISOString();
    if (status === "canceled") payment.cancellation_details = { party: "yoo_money", reason: "expired_on_confirmation" };
    return payment;
  }

  /** A payment made at YooKassa by someone else (not through our shop's API calls). */
  foreignPayment(value: string): YooPayment {
    const payment = this.newPayment({ value, currency: "RUB" }, "https://elsewhere.example/return", "Чужой платёж", {});
    return this.setStatus(payment.id, "succeeded");
  }

  /** The notice YooKassa posts to the webhook: `{type, event, object}` with the object as it is now. */
  notice(event: string, id: string): { type: "notification"; event: string; object: unknown } {
    const object = event.startsWith("refund.") ? this.refunds.get(id) : this.payments.get(id);
    if (!object) throw new Error(`the fake has no object ${id}`);
    return { type: "notification", event, object: structuredClone(object) };
  }

  // --- the API ---

  private error(c: Context, status: 400 | 401 | 404 | 422, code: string, description: string, parameter?: string) {
    return c.json({ type: "error", id: yooId(), code, description, ...(parameter && { parameter }) }, status);
  }

  /** Idempotence-Key is required on POST; the same key with the same body answers the first answer again. */
  private async idempotent(
    c: Context,
    work: (body: Record<string, unknown>) => Response | Promise<Response>,
  ): Promise<Response> {
    const key = c.req.header("idempotence-key");
    if (!key)
      return this.error(
        c,
        400,
        "invalid_request",
        "Idempotence key isn't specified. Specify the Idempotence-Key header",
        "Idempotence-Key",
      );
    if (key.length > 64) return this.error(c, 400, "invalid_request", "Idempotence key is too long", "Idempotence-Key");
    if (!c.req.header("content-type")?.startsWith("application/json"))
      return this.error(c, 400, "invalid_request", "Content-Type must be application/json");
    const text = await c.req.text();
    const seen = this.idempotence.get(key);
    if (seen) {
      if (seen.body !== text)
        return this.error(
          c,
          400,
          "invalid_request",
          "Idempotence key duplicated with another request body",
          "Idempotence-Key",
        );
      return c.json(seen.answer, seen.status as 200);
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text);
    } catch {
      return this.error(c, 400, "invalid_request", "Request body is not valid JSON");
    }
    const res = await work(body);
    this.idempotence.set(key, { body: text, status: res.status, answer: await res.clone().json() });
    if (this.loseNextAnswer > 0) {
      this.loseNextAnswer--;
      return Response.json(
        { type: "error", id: yooId(), code: "internal_server_error", description: "Internal server error" },
        { status: 500 },
      );
    }
    return res;
  }

  private newPayment(
    amount: { value: string; currency: string },
    returnUrl: string,
    description: string | undefined,
    metadata: Record<string, string>,
  ): YooPayment {
    const id = yooId();
    const payment: YooPayment = {
      id,
      status: "pending",
      paid: false,
      amount,
      confirmation: {
        type: "redirect",
        confirmation_url: `https://yoomoney.ru/checkout/payments/v2/contract?orderId=${id}`,
        return_url: returnUrl,
      },
      created_at: new Date().toISOString(),
      ...(description !== undefined && { description }),
      metadata,
      recipient: { account_id: this.shopId, gateway_id: "100500" },
      refundable: false,
      test: true,
    };
    this.payments.set(id, payment);
    return payment;
  }

  private createPayment(c: Context, body: Record<string, unknown>): Response {
    const amount = body.amount as { value?: unknown; currency?: unknown } | undefined;
    if (typeof amount?.value !== "string" || !AMOUNT.test(amount.value) || Number(amount.value) <= 0) {
      return this.error(c, 400, "invalid_request", "Invalid amount value", "amount.value");
    }
    if (amount.currency !== "RUB") return this.error(c, 400, "invalid_request", "Invalid currency", "amount.currency");
    const confirmation = body.confirmation as { type?: unknown; return_url?: unknown } | undefined;
    if (
      confirmation?.type !== "redirect" ||
      typeof confirmation.return_url !== "string" ||
      !URL.canParse(confirmation.return_url)
    ) {
      return this.error(c, 400, "invalid_request", "Invalid confirmation", "confirmation");
    }
    if (body.description !== undefined && (typeof body.description !== "string" || body.description.length > 128)) {
      return this.error(c, 400, "invalid_request", "Invalid description", "description");
    }
    // A shop under 54-ФЗ (as ours is): YooKassa refuses a payment without a well-formed receipt.
    const receiptError = invalidReceipt(body.receipt, amount.value);
    if (receiptError) return this.error(c, 400, "invalid_request", receiptError, "receipt");
    const metadata = (body.metadata ?? {}) as Record<string, string>;
    const payment = this.newPayment(
      { value: amount.value, currency: "RUB" },
      confirmation.return_url,
      body.description as string | undefined,
      metadata,
    );
    return c.json(payment);
  }

  private createRefund(c: Context, body: Record<string, unknown>): Response {
    const payment = typeof body.payment_id === "string" ? this.payments.get(body.payment_id) : undefined;
    if (!payment) return this.error(c, 400, "invalid_request", "Payment doesn't exist", "payment_id");
    const amount = body.amount as { value?: unknown; currency?: unknown } | undefined;
    if (
      typeof amount?.value !== "string" ||
      !AMOUNT.test(amount.value) ||
      amount.currency !== payment.amount.currency
    ) {
      return this.error(c, 400, "invalid_request", "Invalid amount", "amount");
    }
    const refunded = Number(payment.refunded_amount?.value ?? "0");
    if (payment.status !== "succeeded" || Number(amount.value) > Number(payment.amount.value) - refunded) {
      return this.error(c, 400, "invalid_request", "Payment can't be refunded", "payment_id");
    }
    const refund: YooRefund = {
      id: yooId(),
      payment_id: payment.id,
      status: this.refundOutcome,
      amount: { value: amount.value, currency: payment.amount.currency },
      created_at: new Date().toISOString(),
    };
    this.refunds.set(refund.id, refund);
    if (refund.status === "succeeded") {
      payment.refunded_amount = {
        value: (refunded + Number(amount.value)).toFixed(2),
        currency: payment.amount.currency,
      };
      payment.refundable = Number(payment.refunded_amount.value) < Number(payment.amount.value);
    }
    return c.json(refund);
  }

  /** A pending refund completes (YooKassa then sends `refund.succeeded`). */
  finishRefund(id: string): YooRefund {
    const refund = this.refunds.get(id)!;
    refund.status = "succeeded";
    const payment = this.payments.get(refund.payment_id)!;
    payment.refunded_amount = { value: refund.amount.value, currency: refund.amount.currency };
    payment.refundable = false;
    return refund;
  }
}

/** The Worker's outbound fetch: to the fake when it is YooKassa, nowhere else (the test has no network). */
export function fetchThrough(fake: FakeYooKassa): typeof fetch {
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (fake.handles(request.url)) return fake.fetch(request);
    throw new TypeError(`the test has no network: ${request.url}`);
  };
}

/**
 * What YooKassa says about a receipt it cannot take, or null:
 * https://yookassa.ru/developers/payment-acceptance/receipts/54fz/yoomoney/parameters-values
 */
function invalidReceipt(raw: unknown, paymentValue: string): string | null {
  if (!raw || typeof raw !== "object") return "Receipt is missing or illegal";
  const receipt = raw as { customer?: { email?: unknown; phone?: unknown }; items?: unknown };
  if (typeof receipt.customer?.email !== "string" && typeof receipt.customer?.phone !== "string")
    return "Receipt customer contact is missing";
  if (!Array.isArray(receipt.items) || receipt.items.length === 0 || receipt.items.length > 100)
    return "Receipt items are missing";
  let total = 0;
  for (const item of receipt.items as Record<string, unknown>[]) {
    const amount = item.amount as { value?: unknown; currency?: unknown } | undefined;
    const quantity = Number(item.quantity);
    if (typeof item.description !== "string" || item.description.length === 0 || item.description.length > 128)
      return "Invalid receipt item description";
    if (!(quantity > 0)) return "Invalid receipt item quantity";
    if (typeof amount?.value !== "string" || !AMOUNT.test(amount.value) || amount.currency !== "RUB")
      return "Invalid receipt item amount";
    if (!Number.isInteger(item.vat_code) || (item.vat_code as number) < 1 || (item.vat_code as number) > 12)
      return "Invalid receipt item vat_code";
    if (typeof item.payment_subject !== "string" || typeof item.payment_mode !== "string")
      return "Invalid receipt item payment_subject or payment_mode";
    total += Math.round(Number(amount.value) * 100) * quantity;
  }
  return total === Math.round(Number(paymentValue) * 100)
    ? null
    : "Receipt items amount doesn't match the payment amount";
}
