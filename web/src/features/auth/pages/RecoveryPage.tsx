import { Button, Flex } from "@radix-ui/themes";
import type { FormEvent } from "react";
import { useNavigate, useParams } from "react-router";
import { api } from "../../../api/client";
import { readDetail, fieldOf } from "../../../api/errors";
import { AuthCard } from "../AuthCard";
import { FieldError, PasswordInput } from "../fields";
import { useApiForm } from "../use-api-form";
import { useAuth } from "../auth-store";
import { authTexts } from "../../../ui/texts/auth";
import { titlesTexts } from "../../../ui/texts/titles";
import { useDocumentTitle } from "../../../ui/document-title";

const t = authTexts.recovery;

/** A new password from the link in the recovery mail (`/recovery/:token`). */
export default function Recovery() {
  useDocumentTitle(titlesTexts.recovery);
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const login = useAuth((s) => s.login);
  const form = useApiForm({ password: "", confirm_password: "" });
  const { password, confirm_password: repeat } = form.values;
  // docs/product.md §5: saving needs a non-empty password equal to its repeat.
  const canSave = password !== "" && password === repeat;
  // Said once the repeat stops being a beginning of the password, not at every keystroke.
  const mismatch = repeat !== "" && !password.startsWith(repeat) ? t.mismatch : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSave) return;
    void form.submit(
      () => api.users.password.recovery.$post({ json: { recovery_hash: token, password, confirm_password: repeat } }),
      async (res) => {
        const body = await res.json().catch(() => null);
        if (body?.access_token && body.refresh_token) {
          login({
            access_token: body.access_token,
            refresh_token: body.refresh_token,
            email: body.email ?? null,
            name: body.name ?? null,
          });
        } else {
          navigate("/login", { replace: true, state: { notice: t.done } });
        }
      },
      async (res) => {
        // A used, expired or unknown link is not something to fix in this form.
        const status: number = res.status;
        if (status === 422) {
          const detail = await readDetail(res.clone());
          const aboutLink = Array.isArray(detail) && detail.some((item) => fieldOf(item) === "recovery_hash");
          if (!aboutLink) return false;
        } else if (![400, 404, 410].includes(status)) {
          return false;
        }
        navigate("/recovery-invalid", { replace: true });
        return true;
      },
    );
  };

  return (
    <AuthCard title={t.title} subtitle={t.subtitle}>
      <form onSubmit={onSubmit} noValidate>
        <Flex direction="column" gap="4">
          <PasswordInput
            label={t.password}
            autoComplete="new-password"
            placeholder={authTexts.passwordPlaceholder}
            autoFocus
            {...form.field("password")}
          />
          <PasswordInput
            label={t.repeat}
            autoComplete="new-password"
            {...form.field("confirm_password")}
            error={form.errors.fields.confirm_password ?? mismatch}
          />
          <FieldError text={form.errors.form} />
          <Button type="submit" size="3" loading={form.pending} disabled={!canSave}>
            {t.submit}
          </Button>
        </Flex>
      </form>
    </AuthCard>
  );
}
