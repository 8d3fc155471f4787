import { EnvelopeClosedIcon } from "@radix-ui/react-icons";
import { Strong, Text } from "@radix-ui/themes";
import { useLocation } from "react-router";
import { OutcomeCard } from "../OutcomeCard";
import { authTexts } from "../../../ui/texts/auth";
import { titlesTexts } from "../../../ui/texts/titles";
import { useDocumentTitle } from "../../../ui/document-title";

const t = authTexts.forgotSent;

export default function ForgotSent() {
  useDocumentTitle(titlesTexts.forgot);
  const email = (useLocation().state as { email?: unknown } | null)?.email;
  return (
    <OutcomeCard
      title={t.title}
      icon={EnvelopeClosedIcon}
      tone="accent"
      next={{ to: "/login", label: t.login }}
      back={{ to: "/forgot", label: t.again }}
    >
      <Text as="p" size="2" align="center">
        {t.body}
      </Text>
      {typeof email === "string" && email && (
        <Text as="p" size="2" align="center" color="gray">
          {t.sentTo} <Strong>{email}</Strong>
        </Text>
      )}
      <Text as="p" size="1" align="center" color="gray">
        {t.spam}
      </Text>
    </OutcomeCard>
  );
}
