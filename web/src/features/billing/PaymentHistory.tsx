import { Flex, Heading, Link, Text } from "@radix-ui/themes";
import { formatDate, formatPrice } from "../../ui/format";
import { paymentsTexts } from "../../ui/texts/payments";
import type { Payment } from "./billing-api";
import { usePayments } from "./payments-queries";

const t = paymentsTexts;

/** What the user paid, newest first, under the active packs. */
export function PaymentHistory() {
  const { data: payments } = usePayments();
  return <PaymentList payments={payments} title={t.title} />;
}

/** Payments, newest first, each with its receipt (or where it went); nothing before the first answer or without any. */
export function PaymentList({ payments, title }: { payments: Payment[] | undefined; title: string }) {
  // A failure is silent, as the other billing reads (docs/product.md §8).
  if (!payments || payments.length === 0) return null;
  return (
    <Flex direction="column" gap="2" data-testid="payment-history">
      <Heading as="h3" size="3">
        {title}
      </Heading>
      <ul className="payment-history">
        {payments.map((p) => (
          <li key={p.id} className="payment-history__row" data-testid="payment-row">
            <Flex justify="between" align="baseline" gap="3" wrap="wrap">
              <Text size="2" weight="medium">
                {p.plan_name ?? t.planFallback}
              </Text>
              <Text size="2">{t.amount(formatPrice(p.amount))}</Text>
            </Flex>
            <Flex justify="between" align="baseline" gap="3" wrap="wrap">
              <Text size="1" color="gray">
                {formatDate(p.created_at)} · <span data-testid="payment-status">{t.status[p.status]}</span>
              </Text>
              {p.receipt_url ? (
                <Link size="1" href={p.receipt_url} target="_blank" rel="noopener noreferrer">
                  {t.receipt}
                </Link>
              ) : (
                p.status === "succeeded" && (
                  <Text size="1" color="gray">
                    {t.receiptByMail}
                  </Text>
                )
              )}
            </Flex>
          </li>
        ))}
      </ul>
    </Flex>
  );
}
