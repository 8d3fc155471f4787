import { Button, Flex, Text } from "@radix-ui/themes";
import { useState } from "react";
import { Link as RouterLink, useSearchParams } from "react-router";
import { api } from "../../api/client";
import { errorMessage } from "../../api/errors";
import { useDocumentTitle } from "../../ui/document-title";
import { telegramLinkTexts } from "../../ui/texts/telegramLink";
import { titlesTexts } from "../../ui/texts/titles";
import { AuthCard } from "../auth/AuthCard";
import { useAuth } from "../auth/auth-store";

const t = telegramLinkTexts;

type Outcome = { kind: "linked" } | { kind: "failed"; text: string };

/**
 * `/link/telegram?token=…`, the link the bot sends on /link: signed in (the access gate brings the
 * visitor back here after signing in), one press joins the chat's Telegram to this account. Nothing
 * happens on opening, so a link opened by a preview bot or in the wrong account spends nothing.
 */
export default function TelegramLinkPage() {
  useDocumentTitle(titlesTexts.telegramLink);
  const token = useSearchParams()[0].get("token");
  const email = useAuth((s) => s.record?.email ?? null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(token ? null : { kind: "failed", text: t.noToken });

  const link = async () => {
    if (!token) return;
    setBusy(true);
    try {
      const res = await api.users.self.links.telegram.$post({ json: { token } });
      setOutcome(res.ok ? { kind: "linked" } : { kind: "failed", text: await errorMessage(res, t.failed) });
    } catch {
      setOutcome({ kind: "failed", text: t.failed });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t.title}>
      <Flex direction="column" gap="4">
        {outcome ? (
          <Text as="p" size="2" align="center" role={outcome.kind === "linked" ? "status" : "alert"}>
            {outcome.kind === "linked" ? t.done : outcome.text}
          </Text>
        ) : (
          <>
            <Text as="p" size="3" weight="medium" align="center">
              {t.question(email)}
            </Text>
            <Text as="p" size="2" align="center" color="gray">
              {t.hint}
            </Text>
            <Button size="3" loading={busy} onClick={() => void link()}>
              {t.link}
            </Button>
          </>
        )}
        <Button asChild variant="soft" color="gray">
          <RouterLink to="/">{t.home}</RouterLink>
        </Button>
      </Flex>
    </AuthCard>
  );
}
