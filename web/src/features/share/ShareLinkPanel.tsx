import { CheckIcon, CopyIcon, Link2Icon, LinkBreak2Icon } from "@radix-ui/react-icons";
import { Button, Flex, Spinner, Text, TextField } from "@radix-ui/themes";
import { useEffect, useRef, useState } from "react";
import type { Topic } from "../topics/topics-queries";
import { formatMoment } from "../../ui/format";
import { shareTexts } from "../../ui/texts/share";
import {
  createShareLink,
  revokeShareLink,
  type ShareLifetime,
  type ShareLink,
  type ShareSettings,
  shareUrl,
  useShareLink,
} from "./share-link";
import { ShareOptions } from "./ShareOptions";

/** How long "Скопировано" stays on the copy button. */
export const COPIED_MS = 2_000;

/** When the link stops working, in words. */
export function expiryText(link: Pick<ShareLink, "expires_at">, now = Date.now()): string {
  if (link.expires_at === null) return shareTexts.neverExpires;
  if (new Date(link.expires_at).getTime() <= now) return shareTexts.expired;
  return shareTexts.expiresAt(formatMoment(link.expires_at) ?? link.expires_at);
}

/**
 * The lifetime a new link starts with: a law chat holds the details of someone's case, so its link
 * ends in 7 days unless the owner picks otherwise; other chats' links never end.
 */
export const defaultLifetime = (topic: Pick<Topic, "assistant_type">): ShareLifetime =>
  topic.assistant_type === "explain_law" ? "7d" : "never";

/** The share dialog's body for one topic: its link and settings, or the settings of a link to make. */
export function ShareLinkPanel({ topic }: { topic: Topic }) {
  const { link, error: loadError, retry } = useShareLink(topic);
  // Picked in this dialog; a dated link made before shows none picked (its end says how long).
  const [lifetime, setLifetime] = useState<ShareLifetime | null>(null);
  const [revealNew, setRevealNew] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [revoked, setRevoked] = useState(false);
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  /** Makes the link or changes its settings; false when the server did not take it. */
  const apply = async (settings: ShareSettings) => {
    setBusy(true);
    setError(null);
    const result = await createShareLink(topic, settings);
    setBusy(false);
    if ("error" in result) {
      setError(result.error);
      return false;
    }
    setRevoked(false);
    return true;
  };

  const revoke = async () => {
    setBusy(true);
    setError(null);
    const failure = await revokeShareLink(topic);
    setBusy(false);
    if (failure) return setError(failure);
    setRevoked(true);
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      setError(null);
    } catch {
      input.current?.select();
      setError(shareTexts.copyFailed);
    }
  };

  const changeLifetime = async (next: ShareLifetime) => {
    const before = lifetime;
    setLifetime(next);
    if (!(await apply({ expires_in: next }))) setLifetime(before);
  };

  // The hash is known from the list before the settings arrive: the link shows at once.
  const hash = link?.hash ?? (link === null ? null : topic.share_hash);
  const url = hash ? shareUrl(hash) : null;

  return (
    <>
      {url ? (
        <Flex direction="column" gap="3" mt="4">
          <Flex gap="2" align="end" wrap="wrap">
            {/* biome-ignore lint/a11y/noLabelWithoutControl: the control is the Radix TextField inside the label */}
            <label className="share-dialog__field">
              <Text as="div" size="2" weight="medium" mb="1">
                {shareTexts.link}
              </Text>
              <TextField.Root
                ref={input}
                readOnly
                value={url}
                onFocus={(event) => event.currentTarget.select()}
                data-testid="share-link"
              >
                <TextField.Slot>
                  <Link2Icon />
                </TextField.Slot>
              </TextField.Root>
            </label>
            <Button onClick={() => void copy(url)} aria-live="polite">
              {copied ? <CheckIcon /> : <CopyIcon />}
              {copied ? shareTexts.copied : shareTexts.copy}
            </Button>
          </Flex>
          {link ? (
            <>
              <Text size="2" data-testid="share-expiry">
                {expiryText(link)}
              </Text>
              <ShareOptions
                lifetime={lifetime ?? (link.expires_at === null ? "never" : null)}
                reveal={link.reveal}
                disabled={busy}
                onLifetime={(next) => void changeLifetime(next)}
                onReveal={(reveal) => void apply({ reveal })}
              />
            </>
          ) : (
            !loadError && <Spinner />
          )}
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
          <ShareOptions
            lifetime={lifetime ?? defaultLifetime(topic)}
            reveal={revealNew}
            disabled={busy}
            onLifetime={setLifetime}
            onReveal={setRevealNew}
          />
          <Button
            loading={busy}
            onClick={() => void apply({ expires_in: lifetime ?? defaultLifetime(topic), reveal: revealNew })}
          >
            <Link2Icon />
            {shareTexts.create}
          </Button>
        </Flex>
      )}

      {(error ?? loadError) && (
        <Flex direction="column" gap="2" align="start" mt="3">
          <Text as="p" size="2" color="red" role="alert">
            {error ?? loadError}
          </Text>
          {!error && loadError && (
            <Button size="1" variant="soft" onClick={retry}>
              {shareTexts.retry}
            </Button>
          )}
        </Flex>
      )}
    </>
  );
}
