import { useState } from "react";
import { SettingsSectionPage } from "../account/SettingsSectionPage";
import type { SubscriptionView } from "../account/settings-store";
import { SubscriptionPanel } from "./SubscriptionPanel";

/** `/subscription`: the settings' «Подписка», on its own page. */
export default function Subscription() {
  const [view, setView] = useState<SubscriptionView>("active");
  return (
    <SettingsSectionPage id="subscription" testId="page-subscription">
      <SubscriptionPanel view={view} onViewChange={setView} />
    </SettingsSectionPage>
  );
}
