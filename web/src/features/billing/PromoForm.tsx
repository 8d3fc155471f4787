import { Button, Flex, Text, TextField } from "@radix-ui/themes";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { refreshLimits } from "./limits-queries";
import { subscriptionTexts } from "../../ui/texts/subscription";
import { billingApi } from "./billing-api";

const t = subscriptionTexts;

/**
 * docs/product.md §4, §5, §8: a promo code; "Неверный промокод" in red on any refusal, cleared and limits reloaded on
 * success.
 */
export function PromoForm() {
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<"invalid" | "done" | null>(null);
  const inputId = useId();
  const messageId = useId();
  const message = useRef<HTMLParagraphElement>(null);
  const name = code.trim();

  // The answer shows under the field, and the window's body scrolls so it is in view (the form
  // sits low in a tab that scrolls: docs/product.md §8).
  useEffect(() => {
    if (result) message.current?.scrollIntoView?.({ block: "nearest" });
  }, [result]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name || busy) return;
    setBusy(true);
    setResult(null);
    let ok = false;
    try {
      // biome-ignore lint/correctness/useHookAtTopLevel: usePromo is an API call, not a React hook
      ok = (await billingApi.usePromo(name)).ok;
    } catch {
      ok = false;
    }
    setBusy(false);
    if (!ok) {
      setResult("invalid");
      return;
    }
    setCode("");
    setResult("done");
    await refreshLimits();
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label={t.promoLabel} noValidate>
      <Text as="label" htmlFor={inputId} size="2" weight="medium">
        {t.promoLabel}
      </Text>
      <Flex gap="2" mt="1">
        <TextField.Root
          id={inputId}
          value={code}
          placeholder={t.promoPlaceholder}
          autoComplete="off"
          onChange={(event) => {
            setCode(event.target.value);
            setResult(null);
          }}
          color={result === "invalid" ? "red" : undefined}
          aria-invalid={result === "invalid" || undefined}
          aria-describedby={result ? messageId : undefined}
          className="promo-field"
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="soft" disabled={!name || busy} loading={busy}>
          {t.promoActivate}
        </Button>
      </Flex>
      {result === "invalid" && (
        <Text as="p" ref={message} id={messageId} size="1" color="red" role="alert" mt="1" data-testid="promo-error">
          {t.promoInvalid}
        </Text>
      )}
      {result === "done" && (
        <Text as="p" ref={message} id={messageId} size="1" color="green" role="status" mt="1">
          {t.promoDone}
        </Text>
      )}
    </form>
  );
}
