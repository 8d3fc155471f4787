import { Button, Flex, Heading, Link, Text } from "@radix-ui/themes";
import { useState } from "react";
import { queryClient } from "../../api/query-client";
import { formatDate, formatPrice } from "../../ui/format";
import { paymentsTexts } from "../../ui/texts/payments";
import { billingApi, type Payment } from "./billing-api";
import { openPaymentUrl } from "./payment";
import { usePayments } from "./payments-queries";

const t = paymentsTexts;

/** What the user paid, newest first, under the active packs. */
export function PaymentHistory() {
  const { data: payments } = usePayments();
  return <PaymentList payments={payments} title={t.title} actions />;
}

const timeOf = (iso: string) => new Intl.DateTimeFormat("ru-RU", { timeStyle: "short" }).format(new Date(iso));

/** «Оплатить» (its page again) and «Отменить» for an unpaid payment still in its provider's window. */
function AbandonedActions({ payment }: { payment: Payment & { pay_url: string } }) {
  const [canceling, setCanceling] = useState(false);
  const plan = payment.plan_name ?? t.planFallback;
  const cancel = async () => {
    setCanceling(true);
    try {
      await billingApi.cancelPayment(payment.id);
    } catch {
      // Silent as the other billing calls (docs/product.md §8): the list read again shows what is true.
    }
    await queryClient.invalidateQueries({ queryKey: ["payments"] });
    setCanceling(false);
  };
  return (
    <Flex gap="2" align="center" wrap="wrap">
      {payment.expires_at && (
        <Text size="1" color="gray">
          {t.payUntil(timeOf(payment.expires_at))}
        </Text>
      )}
      <Button size="1" aria-label={t.payLabel(plan)} onClick={() => openPaymentUrl(payment.pay_url)}>
        {t.pay}
      </Button>
      <Button
        size="1"
        variant="soft"
        color="gray"
        aria-label={t.cancelLabel(plan)}
        loading={canceling}
        onClick={() => void cancel()}
      >
        {t.cancel}
      </Button>
    </Flex>
  );
}

/**
 * Payments, newest first, each with its receipt (or where it went); nothing before the first answer or without any.
 * `actions`: the payer's own list, where an unpaid payment can be paid or canceled (docs/payments.md).
 */
export function PaymentList({
  payments,
  title,
  actions = false,
}: {
  payments: Payment[] | undefined;
  title: string;
  actions?: boolean;
}) {
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
                {formatDate(p.created_at)} ·{" "}
                <span data-testid="payment-status">{p.expired ? t.expired : t.status[p.status]}</span>
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
            {actions && p.pay_url && <AbandonedActions payment={{ ...p, pay_url: p.pay_url }} />}
          </li>
        ))}
      </ul>
    </Flex>
  );
}
