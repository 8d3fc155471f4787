import { CheckCircledIcon } from "@radix-ui/react-icons";
import { Button, Flex, Spinner, Text } from "@radix-ui/themes";
import { useState } from "react";
import { formatPrice } from "../../ui/format";
import { type Plan, usePlans } from "./plans-queries";
import { legalTexts } from "../../ui/texts/legal";
import { subscriptionTexts } from "../../ui/texts/subscription";
import { buyPlan } from "./payment";
import { PaymentWatch } from "./PaymentWatch";
import { LegalLink } from "../legal/legal-links";

const t = subscriptionTexts;

export const planPriceText = (plan: Pick<Plan, "price" | "day_gap">) =>
  t.price.replace("{price}", formatPrice(plan.price)).replace("{day_gap}", String(plan.day_gap));
export const planRequestsText = (plan: Pick<Plan, "requests_limit" | "is_unlimited">) =>
  plan.is_unlimited ? t.unlimited : t.requests.replace("{requests_limit}", String(plan.requests_limit));

function PlanOption({ plan, selected, onSelect }: { plan: Plan; selected: boolean; onSelect: () => void }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a whole plan card is the choice; it keeps radio semantics (aria-checked) in its radiogroup
    <button
      type="button"
      role="radio"
      aria-checked={selected}
      className="plan-card"
      data-selected={selected || undefined}
      onClick={onSelect}
      data-testid="plan-card"
    >
      <Flex direction="column" gap="1" flexGrow="1" minWidth="0">
        <Text weight="bold">{plan.name}</Text>
        <Text size="2">{planPriceText(plan)}</Text>
        <Text size="2" color="gray">
          {planRequestsText(plan)}
        </Text>
      </Flex>
      {selected && <CheckCircledIcon className="plan-card__check" width="20" height="20" aria-label={t.selected} />}
    </button>
  );
}

/** The "available" view: the plans (loaded when the view first opens), one picked, "Купить". */
export function AvailablePlans() {
  const query = usePlans();
  const plans = query.data ?? [];
  const settled = !query.isPending;
  const [selected, setSelected] = useState<number | null>(null);
  const [buying, setBuying] = useState(false);
  const [watched, setWatched] = useState<{ id: string; planName: string } | null>(null);
  const chosen = plans.find((plan) => plan.id === selected) ?? null;

  const buy = async () => {
    if (!chosen || buying) return;
    setBuying(true);
    const started = await buyPlan(chosen.id);
    setBuying(false);
    if (started?.id) setWatched({ id: started.id, planName: chosen.name });
  };

  // A failed load says nothing (docs/product.md §8), not that there is nothing to buy; the next opening asks again.
  if (query.isError && plans.length === 0) return null;
  if (plans.length === 0)
    return settled ? (
      <Text as="p" color="gray">
        {t.plansEmpty}
      </Text>
    ) : (
      <Flex justify="center" py="5">
        <Spinner size="3" />
      </Flex>
    );
  return (
    <Flex direction="column" gap="3">
      <div role="radiogroup" aria-label={t.plans} className="plan-list">
        {plans.map((plan) => (
          <PlanOption key={plan.id} plan={plan} selected={plan.id === selected} onSelect={() => setSelected(plan.id)} />
        ))}
      </div>
      {/* The button names what it buys; while nothing is chosen a line says what to do. */}
      <Button
        size="3"
        disabled={!chosen}
        loading={buying}
        aria-describedby={chosen ? undefined : "buy-hint"}
        onClick={() => void buy()}
        data-testid="buy-button"
      >
        {chosen ? t.buyPlan(chosen.name, formatPrice(chosen.price)) : t.buy}
      </Button>
      {!chosen && (
        <Text id="buy-hint" size="2" color="gray" data-testid="buy-hint">
          {t.pickPlan}
        </Text>
      )}
      {watched && <PaymentWatch key={watched.id} paymentId={watched.id} planName={watched.planName} />}
      <Text size="1" color="gray" data-testid="offer-note">
        {legalTexts.buyNote}
        <LegalLink kind="offer">{legalTexts.buyNoteLink}</LegalLink>
      </Text>
    </Flex>
  );
}
