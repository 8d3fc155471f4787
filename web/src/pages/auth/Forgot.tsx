import { Button, Flex, Link, Text } from "@radix-ui/themes";
import { useState, type FormEvent } from "react";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { api } from "../../api/client";
import { AuthCard } from "../../components/auth/AuthCard";
import { FieldError, TextInput } from "../../components/auth/fields";
import { useApiForm } from "../../components/auth/use-api-form";
import { texts } from "../../texts";

const t = texts.auth;

export default function Forgot() {
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const form = useApiForm(["email"] as const);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(
      () => api.users.password.forgot.$post({ query: { email } }),
      () => navigate("/forgot/sent", { state: { email: email.trim() } }),
    );
  };

  return (
    <AuthCard
      title={t.forgot.title}
      subtitle={t.forgot.subtitle}
      footer={
        <>
          <Text size="2" color="gray">
            {t.forgot.remembered}
          </Text>
          <Link asChild size="2" weight="medium">
            <RouterLink to="/login">{t.forgot.login}</RouterLink>
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <Flex direction="column" gap="4">
          <TextInput
            label={t.email}
            name="email"
            type="email"
            autoComplete="email"
            placeholder={t.emailPlaceholder}
            required
            autoFocus
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              form.clear("email");
            }}
            error={form.errors.fields.email}
          />
          <FieldError text={form.errors.form} />
          <Button type="submit" size="3" loading={form.pending}>
            {t.forgot.submit}
          </Button>
        </Flex>
      </form>
    </AuthCard>
  );
}
