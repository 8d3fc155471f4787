import { RocketIcon } from "@radix-ui/react-icons";
import { IconButton, Text } from "@radix-ui/themes";
import { Hint } from "../../ui/Hint";
import { useSettings } from "../account/settings-store";
import { sidebarTexts } from "../../ui/texts/sidebar";

const openPlans = () => useSettings.getState().openSettings("subscription", "available");

/** The footer card "Обновить план": opens the plans to buy in the settings' subscription tab (docs/product.md §2). */
export function UpgradeCard({ compact = false }: { compact?: boolean }) {
  if (compact) {
    return (
      <Hint content={sidebarTexts.upgradeTitle} side="right">
        <IconButton size="3" variant="soft" aria-label={sidebarTexts.upgradeTitle} onClick={openPlans}>
          <RocketIcon width="18" height="18" />
        </IconButton>
      </Hint>
    );
  }
  return (
    <button type="button" className="upgrade-card" onClick={openPlans} data-testid="upgrade-card">
      <span className="upgrade-card__icon" aria-hidden="true">
        <RocketIcon width="18" height="18" />
      </span>
      <span className="upgrade-card__text">
        <Text as="span" size="2" weight="bold">
          {sidebarTexts.upgradeTitle}
        </Text>
        <Text as="span" size="1" color="gray">
          {sidebarTexts.upgradeText}
        </Text>
      </span>
    </button>
  );
}
