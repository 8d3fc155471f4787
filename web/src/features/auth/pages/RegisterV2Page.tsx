import { useLocation } from "react-router";
import { AuthCard } from "../AuthCard";
import { ExternalSignIn } from "../ExternalSignIn";
import { RegisterForm } from "../RegisterForm";
import { returnAddress } from "../return-address";
import { authTexts } from "../../../ui/texts/auth";
import { titlesTexts } from "../../../ui/texts/titles";
import { useDocumentTitle } from "../../../ui/document-title";

const t = authTexts;

/** The shorter registration for campaign landings: external sign-in first, then e-mail and password. */
export default function RegisterV2() {
  useDocumentTitle(titlesTexts.register);
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
