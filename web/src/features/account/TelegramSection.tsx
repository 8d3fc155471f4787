import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { api } from "../../api/client";
import { errorMessage } from "../../api/errors";
import { telegramLinkTexts } from "../../ui/texts/telegramLink";

const t = telegramLinkTexts;

type State = "loading" | "linked" | "not-linked" | "unlinked";

/**
 * The account tab's Telegram: linked from the bot's /link (TelegramLinkPage), unlinked here. Shown
 * only once the server has said which; a failed read leaves it out rather than guess.
 */
export function TelegramSection() {
  const [state, setState] = useState<State | null>("loading");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    api.users.self.links.telegram
      .$get()
      .then(async (res) => (res.ok ? ((await res.json()).linked ? "linked" : "not-linked") : null))
      .catch(() => null)
      .then((next) => current && setState(next));
    return () => {
      current = false;
    };
  }, []);

  const unlink = async () => {
    setBusy(true);
    setError(null);
    const res = await api.users.self.links.telegram.$delete().catch(() => null);
    setBusy(false);
    if (res?.ok) setState("unlinked");
    else setError(res ? await errorMessage(res, t.unlinkFailed) : t.unlinkFailed);
  };

  if (state === null || state === "loading") return null;
  return (
    <Flex direction="column" gap="3" data-testid="telegram-link">
      <Heading as="h3" size="3">
        {t.section}
      </Heading>
      <Text size="2" color="gray" role={state === "unlinked" ? "status" : undefined}>
        {state === "linked" ? t.linked : state === "unlinked" ? t.unlinked : t.notLinked}
      </Text>
      {state === "linked" && (
        <Flex>
          <Button variant="soft" color="red" loading={busy} onClick={() => void unlink()}>
            {t.unlink}
          </Button>
        </Flex>
      )}
      {error && (
        <Text size="1" color="red" role="alert">
          {error}
        </Text>
      )}
    </Flex>
  );
}
