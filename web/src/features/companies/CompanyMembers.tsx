import { Button, Flex, Text, TextField } from "@radix-ui/themes";
import { useState } from "react";
import { errorMessage } from "../../api/errors";
import { companyTexts } from "../../ui/texts/company";
import { companyApi } from "./company-api";
import { CompanySelect } from "./CompanySelect";
import { type Company, invalidateCompanies } from "./companies-queries";

const t = companyTexts;
type Employee = Company["employees"][number];

/** One employee: role and allowance editable (not the owner's), what they used, removal. */
function MemberRow({
  company,
  employee,
  onError,
}: {
  company: Company;
  employee: Employee;
  onError: (text: string | null) => void;
}) {
  const saved = employee.allowance === null ? "" : String(employee.allowance);
  const [allowance, setAllowance] = useState(saved);
  const owner = employee.role === "owner";
  const change = async (query: Parameters<typeof companyApi.change>[2]) => {
    onError(null);
    const res = await companyApi.change(company.id, employee.id, query).catch(() => null);
    if (!res?.ok) return onError(res ? await errorMessage(res, t.failed) : t.failed);
    await invalidateCompanies();
  };
  return (
    <Flex gap="3" align="center" wrap="wrap" justify="between" className="company-member" data-testid="company-member">
      <Flex direction="column" style={{ flex: "1 1 160px" }}>
        <Text weight="medium">{employee.name || employee.email}</Text>
        {employee.name && (
          <Text as="div" size="1" color="gray">
            {employee.email}
          </Text>
        )}
      </Flex>
      <div>
        {owner ? (
          t.roles.owner
        ) : (
          <CompanySelect
            size="1"
            label={`${t.role}: ${employee.email}`}
            value={employee.role}
            onChange={(role) => void change({ role: role as "admin" | "member" })}
            options={[
              { value: "member", label: t.roles.member! },
              { value: "admin", label: t.roles.admin! },
            ]}
          />
        )}
      </div>
      <Flex direction="column" gap="1">
        <Flex gap="2" align="center">
          <TextField.Root
            size="1"
            style={{ width: 80 }}
            inputMode="numeric"
            aria-label={`${t.allowance}: ${employee.email}`}
            placeholder={t.noCap}
            value={allowance}
            onChange={(e) => setAllowance(e.target.value.replace(/\D/g, ""))}
          />
          {/* Only when there is something to save. */}
          {allowance !== saved && (
            <Button size="1" variant="soft" onClick={() => void change({ allowance })}>
              {t.save}
            </Button>
          )}
        </Flex>
        <Text size="1" color="gray">
          {t.used(employee.used)}
        </Text>
      </Flex>
      <div style={{ minWidth: 64 }}>
        {!owner && (
          <Button size="1" variant="ghost" color="red" onClick={() => void change({ remove: "true" })}>
            {t.remove}
          </Button>
        )}
      </div>
    </Flex>
  );
}

/** The company's employees with their roles, allowances and use. */
export function CompanyMembers({ company }: { company: Company }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <Flex direction="column" gap="2">
      {company.employees.map((employee) => (
        <MemberRow key={employee.id} company={company} employee={employee} onError={setError} />
      ))}
      {error && (
        <Text size="1" color="red" role="alert">
          {error}
        </Text>
      )}
    </Flex>
  );
}
