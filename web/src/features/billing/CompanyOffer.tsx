import { Flex, Link as RadixLink, Text } from "@radix-ui/themes";
import { Link } from "react-router";
import { subscriptionTexts } from "../../ui/texts/subscription";
import { useSettings } from "../account/settings-store";
import { useCompanies } from "../companies/companies-queries";

/**
 * Under the plans, for a user without a company: the way to buy for employees. «Компания» is a
 * settings section only once there is one (issue 29), so this is where a company is started.
 */
export function CompanyOffer() {
  const close = useSettings((s) => s.close);
  const companies = useCompanies();
  if (!companies.isSuccess || companies.data.length > 0) return null;
  return (
    <Flex direction="column" gap="1" data-testid="company-offer">
      <Text size="2" color="gray">
        {subscriptionTexts.companyOffer}
      </Text>
      <Text size="2">
        <RadixLink asChild>
          <Link to="/company" onClick={close}>
            {subscriptionTexts.companyCreate}
          </Link>
        </RadixLink>
      </Text>
    </Flex>
  );
}
