import { Link, Text } from "@radix-ui/themes";
import { useMemo } from "react";
import { Link as RouterLink, useLocation } from "react-router-dom";
import { AuthCard } from "../../components/auth/AuthCard";
import { ExternalSignIn } from "../../components/auth/ExternalSignIn";
import { RegisterForm } from "../../components/auth/RegisterForm";
import { returnAddress } from "../../components/auth/return-address";
import { readUtm } from "../../components/auth/utm";
import { texts } from "../../texts";

const t = texts.auth;

/** The shorter registration for campaign landings: external sign-in first, then e-mail and password. */
export default function RegisterV2() {
  const location = useLocation();
  const from = returnAddress(location.state);
  // The campaign's utm_* parameters stay in the address and go with the registration.
  const utm = useMemo(() => readUtm(location.search), [location.search]);
  return (
    <AuthCard
      title={t.registerV2.title}
      subtitle={t.registerV2.subtitle}
      footer={
        <>
          <Text size="2" color="gray">
            {t.register.haveAccount}
          </Text>
          <Link asChild size="2" weight="medium">
            <RouterLink to="/login" state={from ? { from } : undefined}>
              {t.register.login}
            </RouterLink>
          </Link>
        </>
      }
    >
      <ExternalSignIn next={from} divider={{ text: t.or, side: "after" }} />
      <RegisterForm withName={false} utm={utm} submitLabel={t.registerV2.submit} />
    </AuthCard>
  );
}
