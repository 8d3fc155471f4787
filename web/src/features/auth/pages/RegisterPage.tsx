import { useLocation } from "react-router";
import { AuthCard } from "../AuthCard";
import { ExternalSignIn } from "../ExternalSignIn";
import { RegisterForm } from "../RegisterForm";
import { returnAddress } from "../return-address";
import { authTexts } from "../../../ui/texts/auth";
import { titlesTexts } from "../../../ui/texts/titles";
import { useDocumentTitle } from "../../../ui/document-title";

const t = authTexts;

export default function Register() {
  useDocumentTitle(titlesTexts.register);
  const from = returnAddress(useLocation().state);
  return (
    <AuthCard
      title={t.register.title}
      subtitle={t.register.subtitle}
      footer={{ question: t.register.haveAccount, link: t.register.login, to: "/login", from }}
    >
      <RegisterForm withName submitLabel={t.register.submit} />
      <ExternalSignIn next={from} divider={{ text: t.orExternal, side: "before" }} />
    </AuthCard>
  );
}
