import { CheckCircledIcon } from "@radix-ui/react-icons";
import { Button, Callout, Flex, Link, Text } from "@radix-ui/themes";
import { useState, type FormEvent } from "react";
import { Link as RouterLink, useLocation } from "react-router-dom";
import { api } from "../../api/client";
import { AuthCard } from "../../components/auth/AuthCard";
import { ExternalSignIn } from "../../components/auth/ExternalSignIn";
import { FieldError, PasswordInput, TextInput } from "../../components/auth/fields";
import { noticeOf, returnAddress } from "../../components/auth/return-address";
import { useApiForm } from "../../components/auth/use-api-form";
import { useAuth, type AuthRecord } from "../../stores/auth";
import { texts } from "../../texts";

const t = texts.auth;

export default function Login() {
  const location = useLocation();
  const login = useAuth((s) => s.login);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  // A wrong e-mail or password (401) is said under the password.
  const form = useApiForm(["email", "password"] as const, { 401: "password" });
  const note = noticeOf(location.state);
  // Links to the other sign-in pages keep where the user was headed.
  const gateState = returnAddress(location.state) ? { from: returnAddress(location.state) } : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The access gate moves a signed-in user on to where they were headed.
    void form.submit(
      () => api.users.login.$post({ json: { email, password } }),
      async (res) => login((await res.json()) as AuthRecord),
    );
  };

  return (
    <AuthCard
      title={t.login.title}
      subtitle={t.login.subtitle}
      footer={
        <>
          <Text size="2" color="gray">
            {t.login.noAccount}
          </Text>
          <Link asChild size="2" weight="medium">
            <RouterLink to="/register" state={gateState}>
              {t.login.register}
            </RouterLink>
          </Link>
        </>
      }
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
          <TextInput
            label={t.email}
            name="email"
            type="email"
            autoComplete="email"
            placeholder={t.emailPlaceholder}
            required
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              form.clear("email");
            }}
            error={form.errors.fields.email}
          />
          <PasswordInput
            label={t.password}
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              form.clear("password");
            }}
            error={form.errors.fields.password}
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
      <ExternalSignIn next={returnAddress(location.state)} divider={{ text: t.orExternal, side: "before" }} />
    </AuthCard>
  );
}
