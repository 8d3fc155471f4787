import { Flex, SegmentedControl, Separator } from "@radix-ui/themes";
import type { SubscriptionView } from "../account/settings-store";
import { subscriptionTexts } from "../../ui/texts/subscription";
import { ActiveLimits } from "./ActiveLimits";
import { AvailablePlans } from "./AvailablePlans";
import { CompanyOffer } from "./CompanyOffer";
import { PaymentHistory } from "./PaymentHistory";
import { PromoForm } from "./PromoForm";
import { SupportLink } from "./SupportLink";
import { LegalLinks } from "../legal/legal-links";
import "./subscription.css";

const t = subscriptionTexts;

/**
 * docs/product.md §2 subscription tab: the "active" and "available" views, the promo code and support (modal tab and
 * /subscription).
 */
export function SubscriptionPanel({
  view,
  onViewChange,
}: {
  view: SubscriptionView;
  onViewChange: (view: SubscriptionView) => void;
}) {
  return (
    <Flex direction="column" gap="4" data-testid="subscription-panel">
      {/* Smaller on a phone, so both view names fit in 375 px. */}
      <SegmentedControl.Root
        value={view}
        onValueChange={(value) => onViewChange(value as SubscriptionView)}
        aria-label={t.views}
        size={{ initial: "1", xs: "2" }}
      >
        <SegmentedControl.Item value="active">{t.viewActive}</SegmentedControl.Item>
        <SegmentedControl.Item value="available">{t.viewAvailable}</SegmentedControl.Item>
      </SegmentedControl.Root>
      <div data-testid={`subscription-view-${view}`}>
        {view === "available" ? (
          <Flex direction="column" gap="4">
            <AvailablePlans />
            <CompanyOffer />
          </Flex>
        ) : (
          <Flex direction="column" gap="4">
            <ActiveLimits />
            <PaymentHistory />
          </Flex>
        )}
      </div>
      <Separator size="4" />
      <PromoForm />
      <SupportLink />
      <LegalLinks />
    </Flex>
  );
}
