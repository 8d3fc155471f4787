import { AlertDialog, Button, Flex, Text } from "@radix-ui/themes";
import { useState } from "react";
import { api } from "../../api/client";
import { queryClient } from "../../api/query-client";
import { chatTexts } from "../../ui/texts/chat";
import { headerTexts } from "../../ui/texts/header";
import { legalTexts } from "../../ui/texts/legal";
import { useAuth } from "../auth/auth-store";
import { useUserKey } from "../auth/session-user";
import { ConsentCheckbox } from "./ConsentCheckbox";
import { type ConsentState, consentQuery } from "./consent-queries";

const t = legalTexts;

/** The agreement and the policy to accept, or sign out (docs/legal.md "Consent"); see ConsentGate. */
export function ConsentDialog({ state }: { state: ConsentState }) {
  const user = useUserKey();
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const accept = async () => {
    if (!checked) return setError(t.consentRequired);
    setBusy(true);
    const res = await api.users.self.consent.$post({ json: { consent: true } }).catch(() => null);
    setBusy(false);
    if (!res?.ok) return setError(chatTexts.sendFailed);
    queryClient.setQueryData(consentQuery(user).queryKey, await res.json());
  };

  return (
    <AlertDialog.Root open>
      <AlertDialog.Content maxWidth="480px" data-testid="consent-gate">
        <AlertDialog.Title>{state.accepted_at ? t.reconsentTitle : t.firstConsentTitle}</AlertDialog.Title>
        <AlertDialog.Description size="2">
          {state.accepted_at ? t.reconsentText : t.firstConsentText}
        </AlertDialog.Description>
        <Flex direction="column" gap="4" mt="4">
          <ConsentCheckbox
            checked={checked}
            onChange={(value) => {
              setChecked(value);
              if (value) setError(null);
            }}
            error={error}
          />
          <Flex gap="3" justify="end">
            <Button variant="soft" color="gray" onClick={() => useAuth.getState().logout()}>
              {headerTexts.logout}
            </Button>
            <Button loading={busy} onClick={() => void accept()}>
              {t.accept}
            </Button>
          </Flex>
        </Flex>
        <Text as="p" size="1" color="gray" mt="3">
          {t.reviewHint}
        </Text>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
