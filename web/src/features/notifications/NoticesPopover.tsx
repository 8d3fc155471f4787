import { Box, Button, Flex, Popover, Separator, Text } from "@radix-ui/themes";
import { Fragment } from "react";
import { formatDate } from "../../ui/format";
import type { Pressed } from "../../ui/lazy/OpenOnFirstPress";
import { notificationsTexts } from "../../ui/texts/notifications";
import { BellInvitations } from "./BellInvitations";
import { markAllNoticesRead, markNoticeRead, type Notice } from "./notifications-queries";

/**
 * The bell's popover: the unread notices to mark read, loaded when first opened
 * (features/notifications/NotificationBell.tsx).
 */
export function NoticesPopover({ trigger, defaultOpen, items }: Pressed & { items: Notice[] }) {
  return (
    <Popover.Root defaultOpen={defaultOpen}>
      <Popover.Trigger>{trigger}</Popover.Trigger>
      <Popover.Content align="end" sideOffset={6} width="340px" maxWidth="90vw">
        <Flex justify="between" align="center" mb="2" gap="2">
          <Text weight="bold">{notificationsTexts.title}</Text>
          {items.length > 0 && (
            <Button size="1" variant="soft" onClick={() => void markAllNoticesRead()}>
              {notificationsTexts.markAllRead}
            </Button>
          )}
        </Flex>
        <BellInvitations />
        {items.length === 0 ? (
          <Text size="2" color="gray">
            {notificationsTexts.empty}
          </Text>
        ) : (
          <Box className="notification-list">
            {items.map((notice, index) => (
              <Fragment key={notice.id}>
                {index > 0 && <Separator size="4" my="2" />}
                <Flex direction="column" gap="1" data-testid="notification-item">
                  <Flex justify="between" align="baseline" gap="2">
                    <Text size="2" weight="medium">
                      {notice.title}
                    </Text>
                    <Text size="1" color="gray">
                      {formatDate(notice.created_at)}
                    </Text>
                  </Flex>
                  <Text size="2" className="notification-item__text">
                    {notice.text}
                  </Text>
                  <Box>
                    <Button size="1" variant="ghost" onClick={() => void markNoticeRead(notice.id)}>
                      {notificationsTexts.markRead}
                    </Button>
                  </Box>
                </Flex>
              </Fragment>
            ))}
          </Box>
        )}
      </Popover.Content>
    </Popover.Root>
  );
}
