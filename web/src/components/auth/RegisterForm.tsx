import { Button, Flex } from "@radix-ui/themes";
import { useState, type FormEvent } from "react";
import { api } from "../../api/client";
import { useAuth, type AuthRecord } from "../../stores/auth";
import { texts } from "../../texts";
import { FieldError, PasswordInput, TextInput } from "./fields";
import { useApiForm } from "./use-api-form";

const t = texts.auth;

/** Registration by e-mail and password, with the name field or without it (Register-v2). */
export function RegisterForm({ withName, utm, submitLabel }: { withName: boolean; utm?: Record<string, string>; submitLabel: string }) {
  const login = useAuth((s) => s.login);
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  // A taken e-mail (409) is said under the e-mail.
  const form = useApiForm(["name", "email", "password"] as const, { 409: "email" });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const json = { email, password, ...(withName && name.trim() ? { name: name.trim() } : {}), ...(utm ? { utm } : {}) };
    void form.submit(
      () => api.users.$post({ json }),
      async (res) => login((await res.json()) as AuthRecord),
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Flex direction="column" gap="4">
        {withName && (
          <TextInput
            label={t.name}
            name="name"
            autoComplete="name"
            placeholder={t.namePlaceholder}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              form.clear("name");
            }}
            error={form.errors.fields.name}
          />
        )}
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
          autoComplete="new-password"
          placeholder={t.passwordPlaceholder}
          required
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            form.clear("password");
          }}
          error={form.errors.fields.password}
        />
        <FieldError text={form.errors.form} />
        <Button type="submit" size="3" loading={form.pending}>
          {submitLabel}
        </Button>
      </Flex>
    </form>
  );
}
