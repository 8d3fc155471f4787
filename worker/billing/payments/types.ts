export type ProviderName = "yookassa" | "sandbox";

/** A payment as the provider sees it: the truth we act on (never a notice's body). */
export type ProviderPayment = {
  /** The provider's id (ours is in `paymentId`). */
  id: string;
  status: "pending" | "waiting_for_capture" | "succeeded" | "canceled";
  amountKopecks: number;
  currency: string;
  /** Where the payer confirms the payment. */
  confirmationUrl: string | null;
  /** Our payment id, as we gave it in the payment's metadata. */
  paymentId: string | null;
};

export type ProviderRefund = {
  id: string;
  /** The provider's payment id. */
  paymentId: string;
  status: "pending" | "succeeded" | "canceled";
  amountKopecks: number;
};

export type NewPayment = {
  /** Ours: also the Idempotence-Key, so a retried call can never make a second payment. */
  paymentId: string;
  amountKopecks: number;
  description: string;
  /** Where the payer comes back to (`/checkout?payment_id=…`). */
  returnUrl: string;
  /** The fiscal receipt (54-ФЗ) the provider sends the payer: one service, paid in full. */
  receipt: Receipt;
};

export type Receipt = {
  /** The customer's e-mail: where the receipt goes. */
  email: string;
  /** The item's name: the plan's. */
  item: string;
  /** YooKassa's VAT code (1: без НДС … 6: 20/120), from the RECEIPT_VAT_CODE setting. */
  vatCode: number;
};

/** The provider adapter: YooKassa in production, the built-in sandbox locally. */
export interface PaymentProvider {
  readonly name: ProviderName;
  createPayment(payment: NewPayment): Promise<ProviderPayment>;
  /** Null when the provider knows no such payment. */
  getPayment(providerPaymentId: string): Promise<ProviderPayment | null>;
  /** A full refund of a succeeded payment. */
  refund(payment: { paymentId: string; providerPaymentId: string; amountKopecks: number }): Promise<ProviderRefund>;
  /** Null when the provider knows no such refund. */
  getRefund(refundId: string): Promise<ProviderRefund | null>;
}

/** The provider could not be reached or refused a well-formed request: not the payer's fault. */
export class ProviderError extends Error {}

export const PROVIDER_TEXTS = {
  unavailable: "Оплата временно недоступна",
  failed: "Платёжная система не ответила, попробуйте позже",
} as const;
