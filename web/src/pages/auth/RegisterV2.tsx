import { useLocation } from "react-router-dom";
import { AuthCard } from "../../components/auth/AuthCard";
import { ExternalSignIn } from "../../components/auth/ExternalSignIn";
import { RegisterForm } from "../../components/auth/RegisterForm";
import { returnAddress } from "../../components/auth/return-address";
import { texts } from "../../texts";

const t = texts.auth;

/** The shorter registration for campaign landings: external sign-in first, then e-mail and password. */
export default function RegisterV2() {
  const from = returnAddress(useLocation().state);
  return (
    <AuthCard
      title={t.registerV2.title}
      subtitle={t.registerV2.subtitle}
      footer={{ question: t.register.haveAccount, link: t.register.login, to: "/login", from }}
    >
      <ExternalSignIn next={from} divider={{ text: t.or, side: "after" }} />
      <RegisterForm withName={false} submitLabel={t.registerV2.submit} />
    </AuthCard>
  );
}
