import { Button, Card, Flex, Text } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { Link as RouterLink, useParams } from "react-router";
import type { InferResponseType } from "hono/client";
import { api } from "../../api/client";
import { detailText, readDetail } from "../../api/errors";
import { AuthCard } from "../auth/AuthCard";
import { DotsLoader } from "../../ui/DotsLoader";
import { useAuth } from "../auth/auth-store";
import { invitationTexts } from "../../ui/texts/invitation";
import { titlesTexts } from "../../ui/texts/titles";
import { useDocumentTitle } from "../../ui/document-title";

const t = invitationTexts;

type Answer = "accept" | "decline";
type Outcome =
  | { kind: "joined"; company: string }
  | { kind: "declined" }
  | { kind: "gone" }
  | { kind: "failed"; text: string };
/** An invitation waiting for the caller (`GET /companies/invitations/`). */
type Pending = InferResponseType<typeof api.companies.invitations.$get, 200>[number];

/** The server's answer as what the page says: 404 means the invitation is not (or no longer) the caller's. */
async function outcomeOf(
  answer: Answer,
  response: { ok: boolean; status: number; statusText: string; json(): Promise<unknown> },
): Promise<Outcome> {
  if (response.ok)
    return answer === "accept"
      ? { kind: "joined", company: ((await response.json()) as { name: string }).name }
      : { kind: "declined" };
  if (response.status === 404) return { kind: "gone" };
  return { kind: "failed", text: detailText(await readDetail(response)) ?? t.failed };
}

/**
 * `/invitations/:token` (the link in the invitation letter) and `/invitations` (the ones pending for
 * the signed-in user's e-mail): accept or decline. Nobody joins a company without saying yes here.
 */
export default function Invitation() {
  useDocumentTitle(titlesTexts.invitation);
  const { token } = useParams();
  return token ? <ByLink token={token} /> : <PendingList />;
}

function ByLink({ token }: { token: string }) {
  const email = useAuth((s) => s.record?.email ?? null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const answer = async (choice: Answer) => {
    setBusy(true);
    try {
      const call =
        choice === "accept" ? api.companies.invitations.accept.$post : api.companies.invitations.decline.$post;
      setOutcome(await outcomeOf(choice, await call({ json: { token } })));
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
          <OutcomeText outcome={outcome} email={email} />
        ) : (
          <>
            <Text as="p" size="2" align="center">
              {t.body}
            </Text>
            <Choice busy={busy} onAnswer={answer} />
          </>
        )}
        <Button asChild variant="soft" color="gray">
          <RouterLink to="/">{t.home}</RouterLink>
        </Button>
      </Flex>
    </AuthCard>
  );
}

function PendingList() {
  const [items, setItems] = useState<Pending[] | null>(null);
  const [outcomes, setOutcomes] = useState<Record<number, Outcome>>({});
  const [busy, setBusy] = useState<number | null>(null);
  const email = useAuth((s) => s.record?.email ?? null);

  useEffect(() => {
    let current = true;
    api.companies.invitations
      .$get()
      .then(async (response): Promise<Pending[]> => (response.ok ? await response.json() : []))
      .catch(() => [])
      .then((list) => current && setItems(list));
    return () => {
      current = false;
    };
  }, []);

  const answer = async (id: number, choice: Answer) => {
    setBusy(id);
    try {
      const param = { param: { invitationId: String(id) } };
      const response =
        choice === "accept"
          ? await api.companies.invitations[":invitationId"].accept.$post(param)
          : await api.companies.invitations[":invitationId"].decline.$post(param);
      const outcome = await outcomeOf(choice, response);
      setOutcomes((all) => ({ ...all, [id]: outcome }));
    } catch {
      setOutcomes((all) => ({ ...all, [id]: { kind: "failed", text: t.failed } }));
    } finally {
      setBusy(null);
    }
  };

  if (items === null) return <DotsLoader />;
  return (
    <AuthCard title={t.listTitle}>
      <Flex direction="column" gap="3">
        {items.length === 0 && (
          <Text as="p" size="2" align="center" color="gray">
            {t.none}
          </Text>
        )}
        {items.map((item) => (
          <Card key={item.id} data-testid="invitation-item">
            <Flex direction="column" gap="3">
              <Text size="3" weight="medium">
                {t.invites(item.invited_by, item.company.name)}
              </Text>
              {outcomes[item.id] ? (
                <OutcomeText outcome={outcomes[item.id]!} email={email} />
              ) : (
                <Choice busy={busy === item.id} onAnswer={(choice) => answer(item.id, choice)} />
              )}
            </Flex>
          </Card>
        ))}
        <Button asChild variant="soft" color="gray">
          <RouterLink to="/">{t.home}</RouterLink>
        </Button>
      </Flex>
    </AuthCard>
  );
}

function Choice({ busy, onAnswer }: { busy: boolean; onAnswer: (choice: Answer) => void }) {
  return (
    <Flex gap="3">
      <Button size="3" style={{ flex: 1 }} loading={busy} onClick={() => onAnswer("accept")}>
        {t.accept}
      </Button>
      <Button
        size="3"
        variant="outline"
        color="gray"
        style={{ flex: 1 }}
        disabled={busy}
        onClick={() => onAnswer("decline")}
      >
        {t.decline}
      </Button>
    </Flex>
  );
}

function OutcomeText({ outcome, email }: { outcome: Outcome; email: string | null }) {
  const text =
    outcome.kind === "joined"
      ? t.joined(outcome.company)
      : outcome.kind === "declined"
        ? t.declined
        : outcome.kind === "gone"
          ? t.gone(email)
          : outcome.text;
  return (
    <Text
      as="p"
      size="2"
      align="center"
      role={outcome.kind === "joined" || outcome.kind === "declined" ? "status" : "alert"}
    >
      {text}
    </Text>
  );
}
