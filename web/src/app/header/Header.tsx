import { Flex, Heading } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { commonTexts } from "../../ui/texts/common";
import { NotificationBell } from "../../features/notifications/NotificationBell";
import { BalanceChip } from "../../features/billing/BalanceChip";
import { UserMenu } from "./UserMenu";
import "./header.css";

/** The main layout's top bar: whatever the layout puts first (e.g. a sidebar toggle), the brand, the user menu. */
export function Header({ start }: { start?: ReactNode }) {
  return (
    <Flex asChild align="center" justify="between" gap="3" px="4" className="app-header">
      <header>
        <Flex align="center" gap="2" minWidth="0">
          {start}
          <Heading as="h1" size="5" weight="bold" className="app-header__brand">
            {commonTexts.brand}
          </Heading>
        </Flex>
        <Flex minWidth="0" justify="end" align="center" gap="4" className="app-header__end">
          <BalanceChip />
          <NotificationBell />
          <UserMenu />
        </Flex>
      </header>
    </Flex>
  );
}
