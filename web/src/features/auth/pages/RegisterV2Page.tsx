import { useLocation } from "react-router";
import { AuthCard } from "../AuthCard";
import { ExternalSignIn } from "../ExternalSignIn";
import { RegisterForm } from "../RegisterForm";
import { returnAddress } from "../return-address";
import { useHasExternalSignIn } from "../use-sign-in-providers";
import { authTexts } from "../../../ui/texts/auth";
import { titlesTexts } from "../../../ui/texts/titles";
import { useDocumentTitle } from "../../../ui/document-title";

const t = authTexts;

/** The shorter registration for campaign landings: external sign-in first, then e-mail and password. */
export default function RegisterV2() {
  useDocumentTitle(titlesTexts.register);
  const from = returnAddress(useLocation().state);
  // «Войдите через удобный сервис» only when there is one (docs/web.md "Sign-in pages").
  const external = useHasExternalSignIn();
  return (
    <AuthCard
      title={t.registerV2.title}
      subtitle={external ? t.registerV2.subtitle : t.registerV2.subtitleEmailOnly}
      footer={{ question: t.register.haveAccount, link: t.register.login, to: "/login", from }}
    >
      <ExternalSignIn next={from} divider={{ text: t.or, side: "after" }} />
      <RegisterForm withName={false} submitLabel={t.registerV2.submit} />
    </AuthCard>
  );
}
