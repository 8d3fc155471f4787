import { Link, Text } from "@radix-ui/themes";
import { Link as RouterLink, useLocation } from "react-router-dom";
import { AuthCard } from "../../components/auth/AuthCard";
import { ExternalSignIn } from "../../components/auth/ExternalSignIn";
import { RegisterForm } from "../../components/auth/RegisterForm";
import { returnAddress } from "../../components/auth/return-address";
import { readUtm } from "../../components/auth/utm";
import { texts } from "../../texts";

const t = texts.auth;

export default function Register() {
  const location = useLocation();
  const from = returnAddress(location.state);
  return (
    <AuthCard
      title={t.register.title}
      subtitle={t.register.subtitle}
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
      <RegisterForm withName utm={readUtm(location.search)} submitLabel={t.register.submit} />
      <ExternalSignIn next={from} divider={{ text: t.orExternal, side: "before" }} />
    </AuthCard>
  );
}
