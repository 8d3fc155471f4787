import { Button, Flex, Text } from "@radix-ui/themes";
import { Link } from "react-router";
import { settingsTexts } from "../../ui/texts/settings";
import type { Company } from "../companies/companies-queries";
import { useSettings } from "./settings-store";

/**
 * The settings window's «Компания» (shown when the user has one): which company, and for its owner
 * or admins the way to its page, where the pool and the people are (`/company`).
 */
export function CompanyTab({ company }: { company: Company }) {
  const close = useSettings((s) => s.close);
  const manages = company.my_role !== "member";
  return (
    <Flex direction="column" gap="3" data-testid="settings-company">
      <Text weight="medium">{settingsTexts.companyName(company.name)}</Text>
      <Text color="gray" size="2">
        {manages ? settingsTexts.companyManager : settingsTexts.companyMember}
      </Text>
      {manages && (
        <Flex>
          <Button asChild variant="soft">
            <Link to="/company" onClick={close}>
              {settingsTexts.companyOpen}
            </Link>
          </Button>
        </Flex>
      )}
    </Flex>
  );
}
