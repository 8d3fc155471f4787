import { CheckIcon, CopyIcon } from "@radix-ui/react-icons";
import { IconButton } from "@radix-ui/themes";
import { Hint } from "./Hint";
import { useEffect, useState } from "react";
import { chatTexts } from "./texts/chat";

const COPIED_FOR_MS = 2_000;

/** Copies a text to the clipboard and says so for a moment. */
export function CopyButton({
  text,
  label = chatTexts.copy,
  className,
}: {
  text: string;
  label?: string;
  className?: string;
}) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // No clipboard permission (an insecure origin, a denied prompt): nothing to say beyond not confirming.
    }
  };

  const name = copied ? chatTexts.copied : label;
  return (
    <Hint content={name}>
      <IconButton
        type="button"
        size="1"
        variant="ghost"
        color="gray"
        aria-label={name}
        className={className}
        onClick={() => void copy()}
      >
        {copied ? <CheckIcon /> : <CopyIcon />}
      </IconButton>
    </Hint>
  );
}
