import { Flex, Text } from "@radix-ui/themes";
import { useId } from "react";
import { legalTexts } from "../../ui/texts/legal";
import { LegalLink } from "./legal-links";

const t = legalTexts;

/** Consent to the terms and to the processing of personal data: never ticked in advance (docs/legal.md). */
export function ConsentCheckbox({
  checked,
  onChange,
  error,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | null;
}) {
  const id = useId();
  const errorId = useId();
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" htmlFor={id}>
        <Flex gap="2" align="start">
          <input
            type="checkbox"
            id={id}
            className="consent-checkbox"
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            data-testid="consent-checkbox"
          />
          <span>
            {t.consentBefore}
            <LegalLink kind="terms">{t.consentTerms}</LegalLink>
            {t.consentMiddle}
            <LegalLink kind="privacy">{t.consentPrivacy}</LegalLink>
          </span>
        </Flex>
      </Text>
      {error && (
        <Text id={errorId} size="1" color="red" role="alert">
          {error}
        </Text>
      )}
    </Flex>
  );
}
