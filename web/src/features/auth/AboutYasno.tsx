import { LockClosedIcon } from "@radix-ui/react-icons";
import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import { useId } from "react";
import { Link as RouterLink } from "react-router";
import { ASSISTANT_TYPES, QUOTAS } from "../../../../worker/settings";
import { authTexts } from "../../ui/texts/auth";
import { ModeIcon } from "../modes/ModeIcon";
import { modeTitleOf, useProducts } from "../modes/products-queries";

const t = authTexts.about;

/**
 * What Ясно is, beside the sign-in form (docs/product.md §2): the modes, what requests cost,
 * privacy in one line and the way to register. The seeded names and descriptions until the
 * modes arrive, so the prerendered screen and the app's first render are the same.
 */
export function AboutYasno({ from }: { from?: string | null }) {
  const headingId = useId();
  const products = useProducts().data;
  const description = (mode: string) =>
    products?.find((p) => p.assistant_type === mode)?.description ?? t.descriptions[mode];
  return (
    <section className="about-yasno" aria-labelledby={headingId} data-testid="about-yasno">
      <Flex direction="column" gap="4">
        <Flex direction="column" gap="1">
          <Heading as="h2" size="5" id={headingId}>
            {t.title}
          </Heading>
          <Text as="p" size="2" color="gray">
            {authTexts.tagline}
          </Text>
        </Flex>
        <ul className="about-yasno__modes" aria-label={t.modesLabel}>
          {ASSISTANT_TYPES.map((mode) => (
            <li key={mode} className="about-yasno__mode">
              <span className="about-yasno__icon" aria-hidden="true">
                <ModeIcon mode={mode} size={18} />
              </span>
              <span>
                <Text as="span" size="2" weight="bold">
                  {modeTitleOf(products, mode)}
                </Text>
                <Text as="span" size="2" color="gray">
                  {" — "}
                  {description(mode)}
                </Text>
              </span>
            </li>
          ))}
        </ul>
        <Text as="p" size="2">
          {t.free(QUOTAS.startRequests, QUOTAS.freeDailyRequests)}
        </Text>
        <Flex gap="2" align="start">
          <LockClosedIcon className="about-yasno__lock" aria-hidden="true" />
          <Text as="p" size="2">
            {t.privacy}
          </Text>
        </Flex>
        <Button asChild size="3" variant="soft">
          <RouterLink to="/register" state={from ? { from } : undefined}>
            {t.register}
          </RouterLink>
        </Button>
      </Flex>
    </section>
  );
}
