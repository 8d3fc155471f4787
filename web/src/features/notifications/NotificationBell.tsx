import { BellIcon } from "@radix-ui/react-icons";
import { Badge, Box, Button, Flex, IconButton, Popover, Separator, Text } from "@radix-ui/themes";
import { Fragment } from "react";
import { formatDate } from "../../ui/format";
import { useAuth } from "../auth/auth-store";
import { markAllNoticesRead, markNoticeRead, useUnreadNotices } from "./notifications-queries";
import { BellInvitations } from "./BellInvitations";
import { notificationsTexts } from "../../ui/texts/notifications";
import "./notifications.css";

/** The header's bell: the unread count and, on click, the unread notices to mark read. */
export function NotificationBell() {
  const signedIn = useAuth((s) => s.status === "authenticated");
  return signedIn ? <SignedInBell /> : null;
}

function SignedInBell() {
  // Polled every minute and when the tab comes back, while the bell is there (the query says so).
  // An invitation comes with its own notice: that is what the count counts.
  const { items, unread } = useUnreadNotices();
  return (
    <Popover.Root>
      <Popover.Trigger>
        <IconButton
          variant="ghost"
          color="gray"
          size="2"
          className="notification-bell"
          aria-label={unread ? notificationsTexts.unread(unread) : notificationsTexts.bell}
        >
          <BellIcon width={18} height={18} />
          {unread > 0 && (
            <Badge size="1" color="red" variant="solid" radius="full" className="notification-bell__count" data-testid="notification-count">
              {unread > 99 ? "99+" : unread}
            </Badge>
          )}
        </IconButton>
      </Popover.Trigger>
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
