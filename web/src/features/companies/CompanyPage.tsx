import { Button, Card, Container, Flex, Heading, Text, TextField } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { errorMessage } from "../../api/errors";
import { useDocumentTitle } from "../../ui/document-title";
import { DotsLoader } from "../../ui/DotsLoader";
import { formatPrice } from "../../ui/format";
import { companyTexts } from "../../ui/texts/company";
import { legalTexts } from "../../ui/texts/legal";
import { LimitCards } from "../billing/LimitCards";
import { openPaymentUrl } from "../billing/payment";
import { usePlans } from "../billing/plans-queries";
import { LegalLink } from "../legal/legal-links";
import { CompanyInvitations } from "./CompanyInvitations";
import { CompanyMembers } from "./CompanyMembers";
import { CompanySelect } from "./CompanySelect";
import "./company.css";
import { companyApi } from "./company-api";
import { type Company, invalidateCompanies, useCompanies, useCompanyPayments } from "./companies-queries";
import { PaymentList } from "../billing/PaymentHistory";

const t = companyTexts;

function CreateCompany() {
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const res = await companyApi.create(name.trim()).catch(() => null);
    if (!res?.ok) return setError(res ? await errorMessage(res, t.failed) : t.failed);
    await invalidateCompanies();
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Flex direction="column" gap="3">
        <Text color="gray">{t.none}</Text>
        <Flex gap="2" wrap="wrap">
          <TextField.Root
            aria-label={t.nameLabel}
            placeholder={t.nameLabel}
            value={name}
            onChange={(e) => setName(e.target.value)}
            style={{ flex: "1 1 220px" }}
          />
          <Button type="submit" disabled={!name.trim()}>
            {t.create}
          </Button>
        </Flex>
        {error && (
          <Text size="1" color="red" role="alert">
            {error}
          </Text>
        )}
      </Flex>
    </form>
  );
}

/** The pool's packs, and a plan bought for it through the same checkout. */
function CompanyPool({ company }: { company: Company }) {
  const plans = usePlans().data ?? [];
  const purchases = useCompanyPayments(company.id).data;
  const [planId, setPlanId] = useState<string>("");
  const [error, setError] = useState<string | null>(null);
  const buy = async () => {
    setError(null);
    const res = await companyApi.buy(Number(planId), company.id).catch(() => null);
    const url: unknown = res?.ok ? await res.json() : null;
    if (typeof url === "string" && /^https?:\/\//.test(url)) return openPaymentUrl(url);
    setError(res && !res.ok ? await errorMessage(res, t.failed) : t.failed);
  };
  return (
    <Flex direction="column" gap="3">
      {/* The pool's own words when it is empty: nothing about the user's personal subscriptions. */}
      <LimitCards limits={company.limits.limits} empty={t.poolEmpty} />
      <PaymentList payments={purchases} title={t.purchases} />
      <Flex gap="2" wrap="wrap" align="center">
        <CompanySelect
          label={t.plan}
          placeholder={t.plan}
          value={planId}
          onChange={setPlanId}
          options={plans.map((p) => ({ value: String(p.id), label: `${p.name} · ${formatPrice(p.price)} ₽` }))}
        />
        <Button disabled={!planId} onClick={() => void buy()}>
          {t.buyForCompany}
        </Button>
      </Flex>
      <Text size="1" color="gray">
        {legalTexts.buyNote}
        <LegalLink kind="offer">{legalTexts.buyNoteLink}</LegalLink>
      </Text>
      {error && (
        <Text size="1" color="red" role="alert">
          {error}
        </Text>
      )}
    </Flex>
  );
}

/**
 * `/company`: for the owner and the admins of a company — its pool, its people, its invitations (docs/operations.md).
 */
export default function CompanyPage() {
  useDocumentTitle(t.title);
  const { data: companies } = useCompanies();
  const managed = companies?.find((c) => c.my_role !== "member");
  return (
    <Container size="3" px={{ initial: "4", sm: "6" }} py={{ initial: "4", sm: "6" }} data-testid="page-company">
      <Heading as="h2" size="6" mb="4">
        {managed ? `${t.title} «${managed.name}»` : t.title}
      </Heading>
      {!companies && <DotsLoader />}
      {companies && !managed && (companies.length > 0 ? <Text color="gray">{t.onlyManagers}</Text> : <CreateCompany />)}
      {managed && (
        <Flex direction="column" gap="4">
          <Card size="2">
            <Heading as="h3" size="3" mb="3">
              {t.pool}
            </Heading>
            <CompanyPool company={managed} />
          </Card>
          <Card size="2">
            <Heading as="h3" size="3" mb="3">
              {t.members}
            </Heading>
            <CompanyMembers company={managed} />
          </Card>
          <Card size="2">
            <Heading as="h3" size="3" mb="3">
              {t.inviteTitle}
            </Heading>
            <CompanyInvitations company={managed} />
          </Card>
        </Flex>
      )}
    </Container>
  );
}
