import { CheckCircledIcon, CrossCircledIcon, ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { Callout, Spinner } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { queryClient } from "../../api/query-client";
import { subscriptionTexts } from "../../ui/texts/subscription";
import { type CheckoutOutcome, waitForPayment } from "./checkout";
import { refreshLimits } from "./limits-queries";

const t = subscriptionTexts;

/** How long the window follows a payment: the provider's window (docs/payments.md "An abandoned payment"). */
const WATCH_MS = 60 * 60 * 1000;

/** Reads the payment until it is final, a minute of polling at a time, for at most the provider's window. */
async function watch(id: string, signal: AbortSignal): Promise<CheckoutOutcome | null> {
  const until = Date.now() + WATCH_MS;
  for (;;) {
    const outcome = await waitForPayment(id, signal);
    if (!outcome || signal.aborted) return null;
    if (outcome.kind !== "waiting" || Date.now() >= until) return outcome;
  }
}

/**
 * After «Купить»: the payment page is in another tab, and this window says it waits for it, then
 * how it ended (docs/payments.md): «Оплата прошла» with the limits read again, or the failure.
 */
export function PaymentWatch({ paymentId, planName }: { paymentId: string; planName: string }) {
  const [outcome, setOutcome] = useState<CheckoutOutcome | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    setOutcome(null);
    void watch(paymentId, abort.signal).then(async (result) => {
      if (!result) return;
      await Promise.all([refreshLimits(), queryClient.invalidateQueries({ queryKey: ["payments"] })]);
      if (!abort.signal.aborted) setOutcome(result);
    });
    return () => abort.abort();
  }, [paymentId]);

  if (!outcome)
    return (
      <Callout.Root color="gray" role="status" data-testid="payment-watch" data-state="waiting">
        <Callout.Icon>
          <Spinner />
        </Callout.Icon>
        <Callout.Text weight="medium">{t.awaiting(planName)}</Callout.Text>
        <Callout.Text size="1">{t.awaitingText}</Callout.Text>
      </Callout.Root>
    );
  if (outcome.kind === "succeeded")
    return (
      <Callout.Root color="green" role="status" data-testid="payment-watch" data-state="succeeded">
        <Callout.Icon>
          <CheckCircledIcon />
        </Callout.Icon>
        <Callout.Text weight="medium">{t.paid}</Callout.Text>
        <Callout.Text size="1">{t.paidText}</Callout.Text>
      </Callout.Root>
    );
  const canceled = outcome.kind === "canceled";
  return (
    <Callout.Root color={canceled ? "gray" : "red"} role="status" data-testid="payment-watch" data-state={outcome.kind}>
      <Callout.Icon>{canceled ? <CrossCircledIcon /> : <ExclamationTriangleIcon />}</Callout.Icon>
      <Callout.Text weight="medium">{canceled ? t.payCanceled : t.payUnknown}</Callout.Text>
      {canceled && <Callout.Text size="1">{t.payCanceledText}</Callout.Text>}
    </Callout.Root>
  );
}
