import { Button, Flex } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { ConsentCheckbox } from "../legal/ConsentCheckbox";
import { useLocation } from "react-router";
import { api } from "../../api/client";
import { useAuth } from "./auth-store";
import { authTexts } from "../../ui/texts/auth";
import { legalTexts } from "../../ui/texts/legal";
import { EmailField, FieldError, PasswordInput, TextInput } from "./fields";
import { useApiForm } from "./use-api-form";
import { emailProblem, newPasswordProblem } from "./form-checks";
import { readUtm } from "./utm";

const t = authTexts;

/** Registration by e-mail and password, with the name field or without it (Register-v2). */
export function RegisterForm({ withName, submitLabel }: { withName: boolean; submitLabel: string }) {
  const login = useAuth((s) => s.login);
  const { search } = useLocation();
  // A taken e-mail (409) is said under the e-mail.
  const form = useApiForm({ name: "", email: "", password: "" }, { 409: "email" });
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { name, email, password } = form.values;
    // Every problem at once: the e-mail, the password rule and the consent, before anything is sent.
    // docs/legal.md: no account without the consent, given by the user's own tick.
    setConsentError(consent ? null : legalTexts.consentRequired);
    const refused = form.refuse({ email: emailProblem(email), password: newPasswordProblem(password) });
    if (refused || !consent) return;
    // A campaign's utm_* parameters stay in the address and go with the registration.
    const utm = readUtm(search);
    const json = {
      email,
      password,
      consent: true as const,
      ...(withName && name.trim() ? { name: name.trim() } : {}),
      ...(utm ? { utm } : {}),
    };
    void form.submit(
      () => api.users.$post({ json }),
      async (res) => login(await res.json()),
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Flex direction="column" gap="4">
        {withName && (
          <TextInput label={t.name} autoComplete="name" placeholder={t.namePlaceholder} {...form.field("name")} />
        )}
        <EmailField {...form.field("email")} />
        <PasswordInput
          label={t.password}
          autoComplete="new-password"
          placeholder={t.passwordPlaceholder}
          required
          {...form.field("password")}
        />
        <ConsentCheckbox
          checked={consent}
          onChange={(checked) => {
            setConsent(checked);
            if (checked) setConsentError(null);
          }}
          error={consentError}
        />
        <FieldError text={form.errors.form} />
        <Button type="submit" size="3" loading={form.pending}>
          {submitLabel}
        </Button>
      </Flex>
    </form>
  );
}
