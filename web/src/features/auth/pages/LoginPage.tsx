import { CheckCircledIcon } from "@radix-ui/react-icons";
import { Button, Callout, Flex, Link } from "@radix-ui/themes";
import type { FormEvent } from "react";
import { Link as RouterLink, useLocation } from "react-router";
import { api } from "../../../api/client";
import { AboutYasno } from "../AboutYasno";
import { AuthCard } from "../AuthCard";
import { ExternalSignIn } from "../ExternalSignIn";
import { EmailField, FieldError, PasswordInput } from "../fields";
import { noticeOf, returnAddress } from "../return-address";
import { useApiForm } from "../use-api-form";
import { currentPasswordProblem, emailProblem } from "../form-checks";
import { useAuth } from "../auth-store";
import { authTexts } from "../../../ui/texts/auth";
import { titlesTexts } from "../../../ui/texts/titles";
import { useDocumentTitle } from "../../../ui/document-title";

const t = authTexts;

export default function Login() {
  useDocumentTitle(titlesTexts.login);
  const location = useLocation();
  const login = useAuth((s) => s.login);
  // A wrong e-mail or password (401) is said under the password.
  const form = useApiForm({ email: "", password: "" }, { 401: "password" });
  const note = noticeOf(location.state);
  // Where the user was headed: the link to Register keeps it, and sign-in lands there.
  const from = returnAddress(location.state);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { email, password } = form.values;
    if (form.refuse({ email: emailProblem(email), password: currentPasswordProblem(password) })) return;
    // The access gate moves a signed-in user on to where they were headed.
    void form.submit(
      () => api.users.login.$post({ json: form.values }),
      async (res) => login(await res.json()),
    );
  };

  return (
    <div className="login-page">
      <AuthCard
        title={t.login.title}
        subtitle={t.login.subtitle}
        footer={{ question: t.login.noAccount, link: t.login.register, to: "/register", from }}
      >
        {note && (
          <Callout.Root color="green" role="status">
            <Callout.Icon>
              <CheckCircledIcon />
            </Callout.Icon>
            <Callout.Text>{note}</Callout.Text>
          </Callout.Root>
        )}
        <form onSubmit={onSubmit} noValidate>
          <Flex direction="column" gap="4">
            <EmailField {...form.field("email")} />
            <PasswordInput
              label={t.password}
              autoComplete="current-password"
              required
              {...form.field("password")}
              aside={
                <Link asChild size="2">
                  <RouterLink to="/forgot">{t.login.forgot}</RouterLink>
                </Link>
              }
            />
            <FieldError text={form.errors.form} />
            <Button type="submit" size="3" loading={form.pending}>
              {t.login.submit}
            </Button>
          </Flex>
        </form>
        <ExternalSignIn next={from} divider={{ text: t.orExternal, side: "before" }} />
      </AuthCard>
      <AboutYasno from={from} />
    </div>
  );
}
