import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import { useEffect, useId, useRef, useState } from "react";
import { disclaimerTexts } from "../../../ui/texts/disclaimer";
import { useModeTitle } from "../../modes/products-queries";
import type { Disclaimer } from "../disclaimers-queries";
import "./disclaimer.css";

type Props = {
  disclaimer: Disclaimer;
  /** A send is waiting for the terms: it goes once they are accepted. */
  waiting: boolean;
  /** Accepts the terms; anything but "accepted" keeps the panel with a message. */
  onAccept: () => Promise<"accepted" | "changed" | "failed">;
};

/**
 * A mode's terms above the text box, before the first message in it (docs/web.md "The terms of a mode"):
 * never a modal over a question already typed, which stays in the box until «Принимаю».
 */
export function DisclaimerPanel({ disclaimer, waiting, onAccept }: Props) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<"changed" | "failed" | null>(null);
  const title = useModeTitle(disclaimer.assistant_type);
  const headingId = useId();
  const acceptButton = useRef<HTMLButtonElement>(null);

  // A send pressed before the terms were accepted: «Принимаю» is what comes next.
  useEffect(() => {
    if (waiting) acceptButton.current?.focus();
  }, [waiting]);

  const accept = async () => {
    setBusy(true);
    setProblem(null);
    const result = await onAccept();
    setBusy(false);
    if (result !== "accepted") setProblem(result);
  };

  const note =
    problem === "failed" ? disclaimerTexts.acceptFailed : problem === "changed" ? disclaimerTexts.changed : null;
  return (
    <section className="disclaimer-panel" aria-labelledby={headingId} data-testid="disclaimer-panel">
      <Flex direction="column" gap="2">
        <Heading as="h2" size="2" id={headingId}>
          {title ? disclaimerTexts.titleOf(title) : disclaimerTexts.title}
        </Heading>
        <Text as="p" size="2" className="disclaimer__text">
          {disclaimer.text}
        </Text>
        {(note || waiting) && (
          <Text as="p" size="2" color={problem === "failed" ? "red" : "amber"} role="alert">
            {note ?? disclaimerTexts.required}
          </Text>
        )}
        <Flex justify="end">
          <Button ref={acceptButton} size="2" loading={busy} onClick={() => void accept()}>
            {disclaimerTexts.accept}
          </Button>
        </Flex>
      </Flex>
    </section>
  );
}
