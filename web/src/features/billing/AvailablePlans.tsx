import { CheckCircledIcon } from "@radix-ui/react-icons";
import { Button, Flex, Spinner, Text } from "@radix-ui/themes";
import { useState } from "react";
import { formatPrice } from "../../ui/format";
import { type Plan, usePlans } from "./plans-queries";
import { legalTexts } from "../../ui/texts/legal";
import { subscriptionTexts } from "../../ui/texts/subscription";
import { buyPlan } from "./payment";
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

  const buy = async () => {
    if (selected == null || buying) return;
    setBuying(true);
    await buyPlan(selected);
    setBuying(false);
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
      <Button size="3" disabled={selected == null} loading={buying} onClick={() => void buy()}>
        {t.buy}
      </Button>
      <Text size="1" color="gray" data-testid="offer-note">
        {legalTexts.buyNote}
        <LegalLink kind="offer">{legalTexts.buyNoteLink}</LegalLink>
      </Text>
    </Flex>
  );
}
