import { AlertDialog, Button, Flex, Text } from "@radix-ui/themes";
import { useState } from "react";
import { chatTexts } from "../../../ui/texts/chat";
import { disclaimerTexts } from "../../../ui/texts/disclaimer";
import type { Disclaimer } from "../disclaimers-queries";
import "./disclaimer.css";

type Props = {
  disclaimer: Disclaimer;
  /** Accepts the terms; anything but "accepted" keeps the dialog open with a message. */
  onAccept: () => Promise<"accepted" | "changed" | "failed">;
  onCancel: () => void;
};

const modeTitle = (assistantType: string) => (chatTexts.modeTitles as Record<string, string>)[assistantType] ?? null;

/** A mode's terms before the first message in it: "Принимаю" sends, "Отмена" keeps the message in the box. */
export function DisclaimerDialog({ disclaimer, onAccept, onCancel }: Props) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<"changed" | "failed" | null>(null);
  const title = modeTitle(disclaimer.assistant_type);

  const accept = async () => {
    setBusy(true);
    setProblem(null);
    const result = await onAccept();
    setBusy(false);
    if (result !== "accepted") setProblem(result);
  };

  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && !busy && onCancel()}>
      <AlertDialog.Content maxWidth="560px" data-testid="disclaimer-dialog">
        <AlertDialog.Title>{disclaimerTexts.title}</AlertDialog.Title>
        {title && (
          <Text as="p" size="2" color="gray" mb="3">
            {title}
          </Text>
        )}
        <AlertDialog.Description size="2" className="disclaimer__text">
          {disclaimer.text}
        </AlertDialog.Description>
        {problem && (
          <Text as="p" size="2" color={problem === "failed" ? "red" : "amber"} role="alert" mt="3">
            {problem === "failed" ? disclaimerTexts.acceptFailed : disclaimerTexts.changed}
          </Text>
        )}
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray" disabled={busy}>
              {disclaimerTexts.cancel}
            </Button>
          </AlertDialog.Cancel>
          <Button loading={busy} onClick={() => void accept()}>
            {disclaimerTexts.accept}
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
