import { LinkBreak2Icon } from "@radix-ui/react-icons";
import { Text } from "@radix-ui/themes";
import { OutcomeCard } from "../OutcomeCard";
import { authTexts } from "../../../ui/texts/auth";
import { titlesTexts } from "../../../ui/texts/titles";
import { useDocumentTitle } from "../../../ui/document-title";

const t = authTexts.recoveryInvalid;

export default function RecoveryInvalid() {
  useDocumentTitle(titlesTexts.recovery);
  return (
    <OutcomeCard
      title={t.title}
      icon={LinkBreak2Icon}
      tone="amber"
      next={{ to: "/forgot", label: t.request }}
      back={{ to: "/login", label: t.login }}
    >
      <Text as="p" size="2" align="center">
        {t.body}
      </Text>
    </OutcomeCard>
  );
}
