import { Badge, Button, Flex, Heading, Spinner, Text } from "@radix-ui/themes";
import { useState } from "react";
import { formatMoment } from "../../ui/format";
import { sessionsTexts as t } from "../../ui/texts/sessions";
import { endOtherSessions, endSession, type SessionInfo, useSessions } from "./sessions-queries";

const countries = new Intl.DisplayNames(["ru"], { type: "region" });

const placeOf = (country: string | null) => (country ? (countries.of(country) ?? country) : t.unknownCountry);

function SessionRow({ session, onEnd }: { session: SessionInfo; onEnd: (id: string) => void }) {
  return (
    <Flex justify="between" align="center" gap="3" data-testid="session-row">
      <Flex direction="column">
        <Text size="2" weight="medium">
          {session.device ?? t.unknownDevice} {session.current && <Badge color="green">{t.current}</Badge>}
        </Text>
        <Text size="1" color="gray">
          {placeOf(session.country)} · {t.lastUsed} {formatMoment(session.last_used_at)}
        </Text>
      </Flex>
      {!session.current && (
        <Button size="1" variant="soft" color="red" onClick={() => onEnd(session.id)}>
          {t.end}
        </Button>
      )}
    </Flex>
  );
}

/** The account tab's "Активные сеансы": device, place by IP country, last use; end one or all others. */
export function ActiveSessions() {
  const sessions = useSessions();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const run = async (action: () => Promise<boolean>) => {
    setBusy(true);
    setFailed(!(await action()));
    setBusy(false);
  };

  const others = sessions.data?.some((s) => !s.current) ?? false;
  return (
    <Flex direction="column" gap="3" data-testid="active-sessions">
      <Heading as="h3" size="3">
        {t.title}
      </Heading>
      <Text size="2" color="gray">
        {t.hint}
      </Text>
      {sessions.isPending && <Spinner />}
      {sessions.isError && (
        <Text size="2" color="red" role="alert">
          {t.loadFailed}
        </Text>
      )}
      {sessions.data?.map((session) => (
        <SessionRow key={session.id} session={session} onEnd={(id) => void run(() => endSession(id))} />
      ))}
      {others && (
        <Flex>
          <Button variant="soft" color="red" loading={busy} onClick={() => void run(endOtherSessions)}>
            {t.endOthers}
          </Button>
        </Flex>
      )}
      {failed && (
        <Text size="1" color="red" role="alert">
          {t.endFailed}
        </Text>
      )}
    </Flex>
  );
}
