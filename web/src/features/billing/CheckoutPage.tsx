import { CheckCircledIcon, ClockIcon, CrossCircledIcon, ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { Button, Card, Container, Flex, Heading, Spinner, Text } from "@radix-ui/themes";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { waitForPayment, type CheckoutOutcome } from "./checkout";
import { LimitCards } from "./LimitCards";
import { formatPrice } from "../../ui/format";
import { refreshLimits, useLimits } from "./limits-queries";
import { useSettings } from "../account/settings-store";
import { checkoutTexts } from "../../ui/texts/checkout";
import { titlesTexts } from "../../ui/texts/titles";
import { useDocumentTitle } from "../../ui/document-title";

const t = checkoutTexts;

type OutcomeColor = "green" | "red" | "gray" | "amber";

function Outcome({
  icon,
  color,
  title,
  children,
}: {
  icon: ReactNode;
  color: OutcomeColor;
  title: string;
  children?: ReactNode;
}) {
  return (
    <Flex direction="column" gap="3">
      <Flex align="center" gap="2">
        <Text color={color} asChild>
          <span aria-hidden="true">{icon}</span>
        </Text>
        <Heading as="h2" size="5">
          {title}
        </Heading>
      </Flex>
      {children}
    </Flex>
  );
}

function Succeeded({ outcome }: { outcome: Extract<CheckoutOutcome, { kind: "succeeded" }> }) {
  const limits = useLimits()?.limits;
  const { plan, payment } = outcome;
  return (
    <Outcome icon={<CheckCircledIcon width="24" height="24" />} color="green" title={t.succeeded}>
      {plan && <Text weight="medium">{t.plan.replace("{name}", plan.name)}</Text>}
      <Text size="2" color="gray">
        {t.amount.replace("{amount}", formatPrice(payment.amount))}
      </Text>
      {plan && (
        <Text size="2" data-testid="checkout-added">
          {plan.is_unlimited
            ? t.addedUnlimited.replace("{day_gap}", String(plan.day_gap))
            : t.addedRequests
                .replace("{requests}", String(plan.requests_limit))
                .replace("{day_gap}", String(plan.day_gap))}
        </Text>
      )}
      <Heading as="h3" size="3" mt="2">
        {t.yourLimits}
      </Heading>
      {limits && <LimitCards limits={limits} />}
    </Outcome>
  );
}

/** Every ending but success: an icon, a title, maybe a line of text, maybe a "check again" button. */
const endings: Record<
  Exclude<CheckoutOutcome["kind"], "succeeded">,
  { icon: ReactNode; color: OutcomeColor; title: string; text?: string; retry?: true }
> = {
  canceled: {
    icon: <CrossCircledIcon width="24" height="24" />,
    color: "gray",
    title: t.canceled,
    text: t.canceledText,
  },
  refunded: {
    icon: <CrossCircledIcon width="24" height="24" />,
    color: "gray",
    title: t.refunded,
    text: t.refundedText,
  },
  waiting: {
    icon: <ClockIcon width="24" height="24" />,
    color: "amber",
    title: t.waiting,
    text: t.waitingLong,
    retry: true,
  },
  not_found: {
    icon: <ExclamationTriangleIcon width="24" height="24" />,
    color: "red",
    title: t.notFound,
    text: t.notFoundText,
  },
  failed: { icon: <ExclamationTriangleIcon width="24" height="24" />, color: "red", title: t.failed, retry: true },
};

function OutcomeView({ outcome, onRetry }: { outcome: CheckoutOutcome; onRetry: () => void }) {
  if (outcome.kind === "succeeded") return <Succeeded outcome={outcome} />;
  const { icon, color, title, text, retry } = endings[outcome.kind];
  return (
    <Outcome icon={icon} color={color} title={title}>
      {text && <Text color="gray">{text}</Text>}
      {retry && (
        <Flex>
          <Button variant="soft" onClick={onRetry}>
            {t.check}
          </Button>
        </Flex>
      )}
    </Outcome>
  );
}

/**
 * `/checkout?payment_id=<id>`: where the payment page returns; waits for the payment to be final and says how it ended.
 */
export default function Checkout() {
  useDocumentTitle(titlesTexts.checkout);
  const [params] = useSearchParams();
  const paymentId = params.get("payment_id")?.trim() || null;
  const [outcome, setOutcome] = useState<CheckoutOutcome | null>(null);
  const [round, setRound] = useState(0);
  const retry = useCallback(() => setRound((n) => n + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is the "try again" button: it starts the wait anew.
  useEffect(() => {
    if (!paymentId) {
      setOutcome({ kind: "not_found" });
      return;
    }
    const abort = new AbortController();
    setOutcome(null);
    void waitForPayment(paymentId, abort.signal).then(async (result) => {
      if (!result || abort.signal.aborted) return;
      // The limits everywhere (the composer, the settings) show what the payment changed.
      await refreshLimits();
      if (!abort.signal.aborted) setOutcome(result);
    });
    return () => abort.abort();
  }, [paymentId, round]);

  return (
    <Container size="2" px={{ initial: "4", sm: "6" }} py={{ initial: "5", sm: "7" }} data-testid="page-checkout">
      <Card size={{ initial: "2", sm: "4" }}>
        <Flex direction="column" gap="5">
          <Heading as="h1" size="6">
            {t.title}
          </Heading>
          {outcome ? (
            <div data-testid={`checkout-${outcome.kind}`}>
              <OutcomeView outcome={outcome} onRetry={retry} />
            </div>
          ) : (
            <Flex align="center" gap="3" role="status" data-testid="checkout-pending">
              <Spinner size="3" />
              <Text>{t.waiting}</Text>
            </Flex>
          )}
          <Flex gap="3" wrap="wrap">
            <Button asChild>
              <Link to="/chat">{t.toChat}</Link>
            </Button>
            {outcome && outcome.kind !== "succeeded" && (
              <Button
                variant="soft"
                color="gray"
                onClick={() => useSettings.getState().openSettings("subscription", "available")}
              >
                {t.toPlans}
              </Button>
            )}
          </Flex>
        </Flex>
      </Card>
    </Container>
  );
}
