import { useCallback, useRef, useState, type ReactNode } from "react";
import {
  acceptDisclaimer,
  type Disclaimer,
  knownDisclaimers,
  pendingDisclaimer,
  settledDisclaimers,
  useDisclaimers,
} from "../disclaimers-queries";
import { useMode } from "../../modes/mode-store";
import { useTopicId } from "../../chat/use-topic-id";
import { useListedTopic } from "../../topics/topics-queries";
import { DisclaimerDialog } from "./DisclaimerDialog";

/** The mode the next message goes to: the open topic's (when the list knows it), else the picked one. */
export function useSendMode(): string {
  const topicId = useTopicId();
  const picked = useMode((s) => s.mode);
  const listed = useListedTopic(topicId)?.assistant_type;
  return listed ?? picked;
}

/**
 * Stands before a send: when the mode's terms are not accepted, shows them first and sends only
 * after "Принимаю". The terms are loaded when the composer appears, so a send normally decides at
 * once; a send before they arrive waits for them.
 */
export function useDisclaimerGate(): { guard: (send: () => void) => void; dialog: ReactNode } {
  const mode = useSendMode();
  const [pending, setPending] = useState<{ disclaimer: Disclaimer; send: () => void } | null>(null);
  const modeRef = useRef(mode);
  modeRef.current = mode;

  useDisclaimers();

  const guard = useCallback((send: () => void) => {
    const decide = (items: Disclaimer[] | null) => {
      const disclaimer = pendingDisclaimer(items, modeRef.current);
      if (disclaimer) setPending({ disclaimer, send });
      else send();
    };
    // Known already: decided at once, so the box empties on the click itself.
    const known = knownDisclaimers();
    if (known !== undefined) decide(known);
    else void settledDisclaimers().then(decide);
  }, []);

  const dialog = pending ? (
    <DisclaimerDialog
      key={pending.disclaimer.assistant_type}
      disclaimer={pending.disclaimer}
      onCancel={() => setPending(null)}
      onAccept={async () => {
        const result = await acceptDisclaimer(pending.disclaimer);
        if (result === "accepted") {
          setPending(null);
          pending.send();
        } else if (result === "changed") {
          // The terms were changed while they were open: the new text is shown, to be accepted in turn.
          const fresh = pendingDisclaimer(await settledDisclaimers(), pending.disclaimer.assistant_type);
          if (fresh) setPending({ disclaimer: fresh, send: pending.send });
          else {
            setPending(null);
            pending.send();
          }
        }
        return result;
      }}
    />
  ) : null;

  return { guard, dialog };
}
