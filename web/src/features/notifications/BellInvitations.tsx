import { Button, Flex, Separator, Text } from "@radix-ui/themes";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "../../api/client";
import { queryClient } from "../../api/query-client";
import { invitationTexts } from "../../ui/texts/invitation";
import { useUserKey } from "../auth/session-user";
import { invalidateLimits } from "../billing/limits-queries";

const t = invitationTexts;

/** `GET /companies/invitations`: the invitations waiting for the caller's answer (docs/operations.md "Invitations"). */
export const myInvitationsQuery = (user: string | null) =>
  queryOptions({
    queryKey: ["invitations", user] as const,
    queryFn: async () => {
      const res = await api.companies.invitations.$get();
      if (!res.ok) throw new Error(`invitations answered ${res.status}`);
      return res.json();
    },
    staleTime: 0,
    refetchInterval: 60_000,
  });

export const usePendingInvitations = () => useQuery(myInvitationsQuery(useUserKey())).data ?? [];

/**
 * The invitations in the bell, each answered there: «Принять» makes the user an employee (their sends then come from
 * the pool).
 */
export function BellInvitations() {
  const invitations = usePendingInvitations();
  const [said, setSaid] = useState<string | null>(null);
  if (invitations.length === 0 && !said) return null;

  const answer = async (id: number, choice: "accept" | "decline") => {
    const param = { param: { invitationId: String(id) } };
    const call =
      choice === "accept"
        ? api.companies.invitations[":invitationId"].accept.$post
        : api.companies.invitations[":invitationId"].decline.$post;
    const res = await call(param).catch(() => null);
    const company = invitations.find((i) => i.id === id)?.company.name ?? "";
    setSaid(!res?.ok ? t.failed : choice === "accept" ? t.joined(company) : t.declined);
    await queryClient.invalidateQueries({ queryKey: ["invitations"] });
    // An employee's sends come from the pool now: the balance says so.
    void invalidateLimits();
  };

  return (
    <Flex direction="column" gap="2" mb="2" data-testid="bell-invitations">
      {invitations.map((inv) => (
        <Flex key={inv.id} direction="column" gap="2" data-testid="bell-invitation">
          <Text size="2" weight="medium">
            {t.invites(inv.invited_by, inv.company.name)}
          </Text>
          <Flex gap="2">
            <Button size="1" onClick={() => void answer(inv.id, "accept")}>
              {t.accept}
            </Button>
            <Button size="1" variant="soft" color="gray" onClick={() => void answer(inv.id, "decline")}>
              {t.decline}
            </Button>
          </Flex>
        </Flex>
      ))}
      {said && (
        <Text size="1" color="gray" role="status">
          {said}
        </Text>
      )}
      <Separator size="4" />
    </Flex>
  );
}
