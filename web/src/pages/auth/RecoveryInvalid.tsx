import { LinkBreak2Icon } from "@radix-ui/react-icons";
import { Button, Flex, Link, Text } from "@radix-ui/themes";
import { Link as RouterLink } from "react-router-dom";
import { AuthCard } from "../../components/auth/AuthCard";
import { texts } from "../../texts";

const t = texts.auth.recoveryInvalid;

export default function RecoveryInvalid() {
  return (
    <AuthCard title={t.title}>
      <Flex direction="column" align="center" gap="4">
        <Flex align="center" justify="center" style={{ width: 56, height: 56, borderRadius: "50%", background: "var(--amber-a3)", color: "var(--amber-11)" }}>
          <LinkBreak2Icon width={24} height={24} />
        </Flex>
        <Text as="p" size="2" align="center">
          {t.body}
        </Text>
        <Button asChild size="3" style={{ width: "100%" }}>
          <RouterLink to="/forgot">{t.request}</RouterLink>
        </Button>
        <Link asChild size="2">
          <RouterLink to="/login">{t.login}</RouterLink>
        </Link>
      </Flex>
    </AuthCard>
  );
}
