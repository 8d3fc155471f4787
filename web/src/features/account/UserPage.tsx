import { AccountPanel } from "./AccountPanel";
import { SettingsSectionPage } from "./SettingsSectionPage";

/** `/user`: the settings' «Аккаунт», on its own page. */
export default function User() {
  return (
    <SettingsSectionPage id="account">
      <AccountPanel />
    </SettingsSectionPage>
  );
}
