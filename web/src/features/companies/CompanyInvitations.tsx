import { Button, Flex, Text, TextField } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { errorMessage } from "../../api/errors";
import { companyTexts } from "../../ui/texts/company";
import { companyApi } from "./company-api";
import { emailProblem } from "../auth/form-checks";
import { CompanySelect } from "./CompanySelect";
import { type Company, invalidateCompanies, useCompanyInvitations } from "./companies-queries";

const t = companyTexts;

/** Inviting by e-mail, and the invitations still waiting: sent again or withdrawn. */
export function CompanyInvitations({ company }: { company: Company }) {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<"admin" | "member">("member");
  const [allowance, setAllowance] = useState("");
  const [said, setSaid] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const invitations = useCompanyInvitations(company.id).data ?? [];

  const invite = async (body: { email: string; role: "admin" | "member"; allowance: number | null }) => {
    setBusy(true);
    setSaid(null);
    const res = await companyApi.invite(company.id, body).catch(() => null);
    setBusy(false);
    if (!res?.ok) return setSaid({ text: res ? await errorMessage(res, t.failed) : t.failed, error: true });
    setSaid({ text: `${t.invited}: ${body.email}`, error: false });
    await invalidateCompanies();
    return true;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Said in Russian by the app, never by the browser's own bubble.
    const problem = emailProblem(email);
    if (problem) return setSaid({ text: problem, error: true });
    if (await invite({ email: email.trim(), role, allowance: allowance ? Number(allowance) : null })) setEmail("");
  };

  const withdraw = async (invitationId: number) => {
    const res = await companyApi.withdraw(company.id, invitationId).catch(() => null);
    if (!res?.ok) return setSaid({ text: res ? await errorMessage(res, t.failed) : t.failed, error: true });
    await invalidateCompanies();
  };

  return (
    <Flex direction="column" gap="3">
      <form onSubmit={(e) => void submit(e)} aria-label={t.inviteTitle} noValidate>
        <Flex gap="2" wrap="wrap" align="end">
          <TextField.Root
            type="email"
            aria-label={t.email}
            placeholder={t.email}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            style={{ flex: "1 1 200px" }}
          />
          <CompanySelect
            label={t.role}
            value={role}
            onChange={(value) => setRole(value as "admin" | "member")}
            options={[
              { value: "member", label: t.roles.member! },
              { value: "admin", label: t.roles.admin! },
            ]}
          />
          <TextField.Root
            inputMode="numeric"
            aria-label={t.allowance}
            placeholder={t.noCap}
            value={allowance}
            onChange={(e) => setAllowance(e.target.value.replace(/\D/g, ""))}
            style={{ width: 110 }}
          />
          <Button type="submit" loading={busy} disabled={!email.trim()}>
            {t.invite}
          </Button>
        </Flex>
      </form>
      {said && (
        <Text size="1" color={said.error ? "red" : "green"} role={said.error ? "alert" : "status"}>
          {said.text}
        </Text>
      )}
      {invitations.length > 0 && (
        <Flex direction="column" gap="2" data-testid="company-invitations">
          <Text size="2" weight="medium">
            {t.invitations}
          </Text>
          {invitations.map((inv) => (
            <Flex key={inv.id} justify="between" align="center" gap="2" wrap="wrap" data-testid="company-invitation">
              <Text size="2">
                {inv.email} · {t.roles[inv.role]} ·{" "}
                <span data-testid="invitation-status">{t.statuses[inv.status]}</span>
              </Text>
              <Flex gap="2">
                {inv.status !== "accepted" && (
                  <Button
                    size="1"
                    variant="soft"
                    onClick={() => void invite({ email: inv.email, role: inv.role, allowance: inv.allowance })}
                  >
                    {t.resend}
                  </Button>
                )}
                {inv.status === "pending" && (
                  <Button size="1" variant="soft" color="red" onClick={() => void withdraw(inv.id)}>
                    {t.withdraw}
                  </Button>
                )}
              </Flex>
            </Flex>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
