import { useLocation } from "react-router-dom";
import { AuthCard } from "../../components/auth/AuthCard";
import { ExternalSignIn } from "../../components/auth/ExternalSignIn";
import { RegisterForm } from "../../components/auth/RegisterForm";
import { returnAddress } from "../../components/auth/return-address";
import { texts } from "../../texts";

const t = texts.auth;

export default function Register() {
  const from = returnAddress(useLocation().state);
  return (
    <AuthCard title={t.register.title} subtitle={t.register.subtitle} footer={{ question: t.register.haveAccount, link: t.register.login, to: "/login", from }}>
      <RegisterForm withName submitLabel={t.register.submit} />
      <ExternalSignIn next={from} divider={{ text: t.orExternal, side: "before" }} />
    </AuthCard>
  );
}
