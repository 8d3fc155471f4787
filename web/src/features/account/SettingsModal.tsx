import { Cross2Icon } from "@radix-ui/react-icons";
import { Box, Dialog, Flex, IconButton, Tabs } from "@radix-ui/themes";
import { useSettings, type SettingsTab } from "./settings-store";
import { settingsTexts } from "../../ui/texts/settings";
import { AccountPanel } from "./AccountPanel";
import { SubscriptionTab } from "./SubscriptionTab";
import { PrivacySettings } from "../privacy/PrivacySettings";
import { useSettingsSections } from "./settings-sections";
import { CompanyTab } from "./CompanyTab";
import "./settings-modal.css";

/** "Настройки": 600×500 on a desktop, the whole screen on a phone (docs/product.md §2). */
export function SettingsModal() {
  const { open, tab, close, setTab } = useSettings();
  // The same sections as the settings pages, from one list (issue 29): «Компания» when the user has one.
  const { sections, company } = useSettingsSections();

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && close()}>
      <Dialog.Content className="settings-modal" maxWidth="none" aria-describedby={undefined}>
        <Flex direction="column" height="100%">
          <Flex justify="between" align="center" mb="3">
            <Dialog.Title mb="0">{settingsTexts.title}</Dialog.Title>
            <Dialog.Close>
              <IconButton variant="ghost" color="gray" aria-label={settingsTexts.close}>
                <Cross2Icon />
              </IconButton>
            </Dialog.Close>
          </Flex>
          <Tabs.Root
            value={tab}
            onValueChange={(value) => setTab(value as SettingsTab)}
            className="settings-modal__tabs"
          >
            <Tabs.List>
              {sections.map((section) => (
                <Tabs.Trigger key={section.id} value={section.id}>
                  {section.label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Box className="settings-modal__body" pt="4">
              {sections.map((section) => (
                <Tabs.Content key={section.id} value={section.id}>
                  {section.id === "account" && <AccountPanel />}
                  {section.id === "subscription" && <SubscriptionTab />}
                  {section.id === "privacy" && <PrivacySettings />}
                  {section.id === "company" && company && <CompanyTab company={company} />}
                </Tabs.Content>
              ))}
            </Box>
          </Tabs.Root>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
