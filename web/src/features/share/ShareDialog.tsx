import { CheckIcon, CopyIcon, Cross2Icon, Link2Icon, LinkBreak2Icon } from "@radix-ui/react-icons";
import { Button, Dialog, Flex, IconButton, Text, TextField } from "@radix-ui/themes";
import { useEffect, useRef, useState } from "react";
import { type Topic, useListedTopic } from "../topics/topics-queries";
import { shareTexts } from "../../ui/texts/share";
import { createShareLink, revokeShareLink, shareUrl } from "./share-link";
import "./share.css";

/** How long "Скопировано" stays on the copy button. */
export const COPIED_MS = 2_000;

/** The listed version of the topic when there is one (its share hash may have changed since the menu opened). */
function useCurrent(topic: Topic | null) {
  const listed = useListedTopic(topic?.id ?? null);
  return topic && (listed ?? topic);
}

/** "Поделиться чатом": create the read-only link, copy it, or switch it off. */
export function ShareDialog({ topic, onClose }: { topic: Topic | null; onClose: () => void }) {
  const current = useCurrent(topic);
  const [hash, setHash] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [revoked, setRevoked] = useState(false);
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only when another topic opens the dialog; later changes of the hash come from this dialog.
  useEffect(() => {
    setHash(current?.share_hash ?? null);
    setError(null);
    setRevoked(false);
    setCopied(false);
  }, [topic?.id]);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const create = async () => {
    if (!current) return;
    setBusy(true);
    setError(null);
    const result = await createShareLink(current);
    setBusy(false);
    if ("error" in result) return setError(result.error);
    setHash(result.hash);
    setRevoked(false);
  };

  const revoke = async () => {
    if (!current) return;
    setBusy(true);
    setError(null);
    const failure = await revokeShareLink(current);
    setBusy(false);
    if (failure) return setError(failure);
    setHash(null);
    setRevoked(true);
  };

  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      setError(null);
    } catch {
      input.current?.select();
      setError(shareTexts.copyFailed);
    }
  };

  const link = hash ? shareUrl(hash) : null;

  return (
    <Dialog.Root open={topic != null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="480px" data-testid="share-dialog">
        <Flex justify="between" align="start" gap="3">
          <Dialog.Title>{shareTexts.title}</Dialog.Title>
          <Dialog.Close>
            <IconButton variant="ghost" color="gray" aria-label={shareTexts.close}>
              <Cross2Icon />
            </IconButton>
          </Dialog.Close>
        </Flex>
        <Dialog.Description size="2" color="gray">
          {shareTexts.description}
        </Dialog.Description>

        {link ? (
          <Flex direction="column" gap="3" mt="4">
            <Flex gap="2" align="end" wrap="wrap">
              {/* biome-ignore lint/a11y/noLabelWithoutControl: the control is the Radix TextField inside the label */}
              <label className="share-dialog__field">
                <Text as="div" size="2" weight="medium" mb="1">
                  {shareTexts.link}
                </Text>
                <TextField.Root ref={input} readOnly value={link} onFocus={(event) => event.currentTarget.select()} data-testid="share-link">
                  <TextField.Slot>
                    <Link2Icon />
                  </TextField.Slot>
                </TextField.Root>
              </label>
              <Button onClick={() => void copy(link)} aria-live="polite">
                {copied ? <CheckIcon /> : <CopyIcon />}
                {copied ? shareTexts.copied : shareTexts.copy}
              </Button>
            </Flex>
            <Flex justify="start">
              <Button variant="soft" color="red" loading={busy} onClick={() => void revoke()}>
                <LinkBreak2Icon />
                {shareTexts.revoke}
              </Button>
            </Flex>
          </Flex>
        ) : (
          <Flex direction="column" gap="3" mt="4" align="start">
            <Text size="2" role={revoked ? "status" : undefined}>
              {revoked ? shareTexts.revoked : shareTexts.noLink}
            </Text>
            <Button loading={busy} onClick={() => void create()}>
              <Link2Icon />
              {shareTexts.create}
            </Button>
          </Flex>
        )}

        {error && (
          <Text as="p" size="2" color="red" role="alert" mt="3">
            {error}
          </Text>
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}
