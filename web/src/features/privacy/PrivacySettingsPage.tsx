import { SettingsSectionPage } from "../account/SettingsSectionPage";
import { PrivacySettings } from "./PrivacySettings";

/** `/user/privacy`: the settings' «Приватность», on its own page. */
export default function PrivacySettingsPage() {
  return (
    <SettingsSectionPage id="privacy" testId="page-privacy-settings">
      <PrivacySettings />
    </SettingsSectionPage>
  );
}
