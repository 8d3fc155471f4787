import { EnvelopeClosedIcon } from "@radix-ui/react-icons";
import { Button, Flex, Link, Strong, Text } from "@radix-ui/themes";
import { Link as RouterLink, useLocation } from "react-router-dom";
import { AuthCard } from "../../components/auth/AuthCard";
import { texts } from "../../texts";

const t = texts.auth.forgotSent;

export default function ForgotSent() {
  const email = (useLocation().state as { email?: unknown } | null)?.email;
  return (
    <AuthCard title={t.title}>
      <Flex direction="column" align="center" gap="4">
        <Flex align="center" justify="center" style={{ width: 56, height: 56, borderRadius: "50%", background: "var(--accent-a3)", color: "var(--accent-11)" }}>
          <EnvelopeClosedIcon width={24} height={24} />
        </Flex>
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
        <Button asChild size="3" style={{ width: "100%" }}>
          <RouterLink to="/login">{t.login}</RouterLink>
        </Button>
        <Link asChild size="2">
          <RouterLink to="/forgot">{t.again}</RouterLink>
        </Link>
      </Flex>
    </AuthCard>
  );
}
