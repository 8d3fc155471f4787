import { BellIcon } from "@radix-ui/react-icons";
import { Badge, IconButton } from "@radix-ui/themes";
import { OpenOnFirstPress } from "../../ui/lazy/OpenOnFirstPress";
import { useAuth } from "../auth/auth-store";
import { useUnreadNotices } from "./notifications-queries";
import { notificationsTexts } from "../../ui/texts/notifications";
import "./notifications.css";

const loadPopover = () => import("./NoticesPopover").then((m) => m.NoticesPopover);

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
    <OpenOnFirstPress
      load={loadPopover}
      props={{ items }}
      popup="dialog"
      trigger={
        <IconButton
          variant="ghost"
          color="gray"
          size="2"
          className="notification-bell"
          aria-label={unread ? notificationsTexts.unread(unread) : notificationsTexts.bell}
        >
          <BellIcon width={18} height={18} />
          {unread > 0 && (
            <Badge
              size="1"
              color="red"
              variant="solid"
              radius="full"
              className="notification-bell__count"
              data-testid="notification-count"
            >
              {unread > 99 ? "99+" : unread}
            </Badge>
          )}
        </IconButton>
      }
    />
  );
}
