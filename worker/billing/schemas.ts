import { z } from "zod";

// The shapes the billing API answers with (docs/billing.md), declared once: the serializers
// return them, the OpenAPI document names them (`.meta({ id })`) and the web app infers them.
// Strict: a field added or dropped on one side only fails the response tests.

const isoTime = z.iso.datetime();

/** One request pack; `date_expire` null: never expires. */
export const limitRowSchema = z
  .strictObject({
    id: z.int(),
    requests: z.int(),
    available_requests: z.int(),
    is_unlimited: z.boolean(),
    date_expire: isoTime.nullable(),
    source: z.enum(["start", "daily", "subscription", "promo", "admin"]),
    /** The pack's name: the plan's for a purchase, the code for a promo; null: named by its source. */
    name: z.string().nullable(),
  })
  .meta({ id: "LimitRow" });
export type LimitRow = z.infer<typeof limitRowSchema>;

/** `GET /limits/`: the active packs, the one that expires first first, and what they add up to. */
export const limitsSchema = z
  .strictObject({
    available_requests: z.int(),
    is_unlimited: z.boolean(),
    limits: z.array(limitRowSchema),
    /**
     * The company pool the user's sends come from first (docs/billing.md "Balance"): what is left
     * of it for them (within their allowance); null when they have none to draw on.
     */
    pool: z
      .strictObject({
        company_id: z.int(),
        company_name: z.string(),
        available_requests: z.int(),
        is_unlimited: z.boolean(),
      })
      .nullable(),
  })
  .meta({ id: "Limits" });
export type Limits = z.infer<typeof limitsSchema>;

/** A mode of the assistant as users see it (the system prompt stays on the server). */
export const productSchema = z
  .strictObject({
    id: z.int(),
    assistant_type: z.string(),
    title: z.string(),
    description: z.string(),
    model: z.string(),
    /** What users see under the mode's replies (not the model's id). */
    model_title: z.string(),
    active: z.boolean(),
  })
  .meta({ id: "Product" });
export type Product = z.infer<typeof productSchema>;

/** What admins see of a mode: the system prompt too. */
export const adminProductSchema = productSchema.extend({ system_prompt: z.string() }).meta({ id: "AdminProduct" });
export type AdminProduct = z.infer<typeof adminProductSchema>;

/** A plan to buy: `price` in rubles, at most two decimals. */
export const planSchema = z
  .strictObject({
    id: z.int(),
    name: z.string(),
    price: z.number(),
    day_gap: z.int(),
    requests_limit: z.int(),
    is_unlimited: z.boolean(),
    is_visible: z.boolean(),
  })
  .meta({ id: "Plan" });
export type Plan = z.infer<typeof planSchema>;

export const paymentSchema = z
  .strictObject({
    id: z.uuid(),
    subscription_id: z.int(),
    /** The plan's name when it was bought. */
    plan_name: z.string().nullable(),
    /** The receipt page (the sandbox's); null for YooKassa, whose fiscal receipt is mailed. */
    receipt_url: z.string().nullable(),
    amount: z.number(),
    currency: z.string(),
    status: z.enum(["pending", "waiting_for_capture", "succeeded", "canceled", "refunded"]),
    provider: z.enum(["yookassa", "sandbox"]),
    created_at: isoTime,
    credited: z.boolean(),
    /** Where an unpaid payment can still be paid (its provider's page); null once it cannot. */
    pay_url: z.string().nullable(),
    /** When an unpaid payment stops being payable (the provider's window); null for the others. */
    expires_at: isoTime.nullable(),
    /** Unpaid and past its window: the provider will not take it any more. */
    expired: z.boolean(),
  })
  .meta({ id: "Payment" });
export type Payment = z.infer<typeof paymentSchema>;

/** `GET /quotas/`: the numbers the server enforces, for the client to respect (worker/settings.ts). */
export const quotasSchema = z
  .strictObject({
    upload_max_bytes: z.int(),
    message_max_chars: z.int(),
    start_requests: z.int(),
    free_daily_requests: z.int(),
    documents_per_message: z.int(),
    images_per_message: z.int(),
    audio_daily_minutes: z.int(),
  })
  .meta({ id: "Quotas" });
export type Quotas = z.infer<typeof quotasSchema>;

/** A mode's terms as the caller sees them: `accepted` = the caller accepted the current version. */
export const disclaimerSchema = z
  .strictObject({
    assistant_type: z.string(),
    text: z.string(),
    version: z.int(),
    accepted: z.boolean(),
  })
  .meta({ id: "Disclaimer" });
export type Disclaimer = z.infer<typeof disclaimerSchema>;

/** A promo code as admins see it (`/promos`); the code is stored upper-case. */
export const promoSchema = z
  .strictObject({
    id: z.int(),
    name: z.string(),
    requests: z.int().nullable(),
    subscription_id: z.int().nullable(),
    day_gap: z.int().nullable(),
    max_uses: z.int(),
    uses: z.int(),
    expires_at: isoTime.nullable(),
    active: z.boolean(),
  })
  .meta({ id: "Promo" });
