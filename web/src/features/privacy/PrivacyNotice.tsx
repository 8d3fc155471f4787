import { EyeNoneIcon } from "@radix-ui/react-icons";
import { Button, Flex, Popover, Switch, Text } from "@radix-ui/themes";
import { useMemo } from "react";
import { useDebounced } from "../../ui/hooks/useDebounced";
import { privacyTexts } from "../../ui/texts/privacy";
import { PLACEHOLDER_LABELS } from "../../../../worker/privacy/kinds";
import { findPrivate, hiddenSummary } from "./find-private";
import "./privacy.css";

const t = privacyTexts.notice;
const kindNames = { ...PLACEHOLDER_LABELS, email: privacyTexts.email };

/** How long typing must pause before the text is read again. */
export const FIND_PAUSE_MS = 300;

type PrivacyNoticeProps = {
  text: string;
  /** Keys of the items the user chose to send as is. */
  kept: readonly string[];
  onKeptChange: (kept: string[]) => void;
};

/**
 * «Скроем от модели: паспорт, 2 телефона» under the composer, and «Что скроем»: the values found,
 * each with a switch to send it as is. Nothing when the text holds nothing to hide.
 */
export default function PrivacyNotice({ text, kept, onKeptChange }: PrivacyNoticeProps) {
  const settled = useDebounced(text, FIND_PAUSE_MS);
  const items = useMemo(() => findPrivate(settled), [settled]);
  if (items.length === 0) return null;
  const summary = hiddenSummary(items.filter((item) => !kept.includes(item.key)));
  const toggle = (key: string, keep: boolean) => onKeptChange(keep ? [...kept, key] : kept.filter((k) => k !== key));

  return (
    <Flex align="center" gap="2" wrap="wrap" className="privacy-notice" data-testid="privacy-notice">
      <EyeNoneIcon aria-hidden className="privacy-notice__icon" />
      <Text size="2" color="gray" role="status" data-testid="privacy-summary">
        {summary ? t.willHide + summary : t.nothingHidden}
      </Text>
      <Popover.Root>
        <Popover.Trigger>
          <Button type="button" size="1" variant="ghost">
            {t.details}
          </Button>
        </Popover.Trigger>
        <Popover.Content size="2" maxWidth="380px" aria-label={t.listTitle} data-testid="privacy-items">
          <Text as="p" size="2" weight="medium">
            {t.listTitle}
          </Text>
          <Text as="p" size="1" color="gray" mb="3">
            {t.listHint}
          </Text>
          <ul className="privacy-items">
            {items.map((item) => {
              const kind = kindNames[item.kind];
              return (
                <li key={item.key} className="privacy-items__row">
                  <span className="privacy-items__value">
                    <Text size="1" color="gray">
                      {kind}
                    </Text>{" "}
                    <Text size="2">{item.value}</Text>
                  </span>
                  <Text as="label" size="1" color="gray" className="privacy-items__keep">
                    <Switch
                      size="1"
                      checked={kept.includes(item.key)}
                      onCheckedChange={(keep) => toggle(item.key, keep)}
                      aria-label={t.keepLabel(kind, item.value)}
                    />
                    {t.keep}
                  </Text>
                </li>
              );
            })}
          </ul>
        </Popover.Content>
      </Popover.Root>
    </Flex>
  );
}
