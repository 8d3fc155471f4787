import { BackpackIcon, CardStackIcon, LockClosedIcon, PersonIcon } from "@radix-ui/react-icons";
import type { ComponentType } from "react";
import { settingsTexts } from "../../ui/texts/settings";
import { type Company, useCompanies } from "../companies/companies-queries";
import type { SettingsTab } from "./settings-store";

export type SettingsSection = { id: SettingsTab; label: string; path: string; Icon: ComponentType };

/**
 * The settings' sections in their order: the window's tabs and the settings pages' links are both
 * made from this list, so the two always have the same names in the same order (issue 29).
 */
export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  { id: "account", label: settingsTexts.tabAccount, path: "/user", Icon: PersonIcon },
  { id: "subscription", label: settingsTexts.tabSubscription, path: "/subscription", Icon: CardStackIcon },
  { id: "privacy", label: settingsTexts.tabPrivacy, path: "/user/privacy", Icon: LockClosedIcon },
  { id: "company", label: settingsTexts.tabCompany, path: "/company", Icon: BackpackIcon },
];

export const settingsSection = (id: SettingsTab) => SETTINGS_SECTIONS.find((section) => section.id === id)!;

/** The sections this user has («Компания» only with a company), and that company. */
export function useSettingsSections(): { sections: SettingsSection[]; company: Company | undefined } {
  const company = useCompanies().data?.[0];
  return { sections: SETTINGS_SECTIONS.filter((section) => section.id !== "company" || company), company };
}
