import { useSettings } from "./settings-store";
import { SubscriptionPanel } from "../billing/SubscriptionPanel";

/**
 * The settings modal's "Подписка" tab; its view lives in the settings store (docs/product.md §4 opening and closing
 * rules).
 */
export function SubscriptionTab() {
  const view = useSettings((s) => s.view);
  return (
    <div data-testid="subscription-tab">
      <SubscriptionPanel view={view} onViewChange={(next) => useSettings.getState().setView(next)} />
    </div>
  );
}
