import { Button, Flex } from "@radix-ui/themes";
import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import { api } from "../../../api/client";
import { AuthCard } from "../AuthCard";
import { EmailField, FieldError } from "../fields";
import { useApiForm } from "../use-api-form";
import { emailProblem } from "../form-checks";
import { authTexts } from "../../../ui/texts/auth";
import { titlesTexts } from "../../../ui/texts/titles";
import { useDocumentTitle } from "../../../ui/document-title";

const t = authTexts.forgot;

export default function Forgot() {
  useDocumentTitle(titlesTexts.forgot);
  const navigate = useNavigate();
  const form = useApiForm({ email: "" });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { email } = form.values;
    if (form.refuse({ email: emailProblem(email) })) return;
    void form.submit(
      () => api.users.password.forgot.$post({ query: { email } }),
      () => navigate("/forgot/sent", { state: { email: email.trim() } }),
    );
  };

  return (
    <AuthCard title={t.title} subtitle={t.subtitle} footer={{ question: t.remembered, link: t.login, to: "/login" }}>
      <form onSubmit={onSubmit} noValidate>
        <Flex direction="column" gap="4">
          <EmailField autoFocus {...form.field("email")} />
          <FieldError text={form.errors.form} />
          <Button type="submit" size="3" loading={form.pending}>
            {t.submit}
          </Button>
        </Flex>
      </form>
    </AuthCard>
  );
}
