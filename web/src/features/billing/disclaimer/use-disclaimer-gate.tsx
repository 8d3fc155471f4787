import { useCallback, useRef, useState, type ReactNode } from "react";
import {
  acceptDisclaimer,
  type Disclaimer,
  knownDisclaimers,
  pendingDisclaimer,
  settledDisclaimers,
  useDisclaimers,
  useTermsRefused,
} from "../disclaimers-queries";
import { useMode } from "../../modes/mode-store";
import { useTopicId } from "../../chat/use-topic-id";
import { useListedTopic } from "../../topics/topics-queries";
import { DisclaimerPanel } from "./DisclaimerPanel";

/** The mode the next message goes to: the open topic's (when the list knows it), else the picked one. */
export function useSendMode(): string {
  const topicId = useTopicId();
  const picked = useMode((s) => s.mode);
  const listed = useListedTopic(topicId)?.assistant_type;
  return listed ?? picked;
}

/**
 * Stands before a send: while the mode's terms are not accepted they show above the text box
 * (`terms`), and a send waits for «Принимаю», then goes as typed. The terms are loaded when the
 * composer appears, so a send normally decides at once; a send before they arrive waits for them.
 */
export function useDisclaimerGate(): { guard: (send: () => void) => void; terms: ReactNode } {
  const mode = useSendMode();
  const modeRef = useRef(mode);
  modeRef.current = mode;
  // A send pressed before the terms were accepted, for the mode it was pressed in.
  const [waiting, setWaiting] = useState<{ mode: string; send: () => void } | null>(null);
  const items = useDisclaimers().data;
  // What a refused send taught (any pending terms are offered): read by `pendingDisclaimer`.
  useTermsRefused((s) => s.refused);
  const shown = items ? pendingDisclaimer(items, mode) : null;
  const sendWaiting = waiting?.mode === mode ? waiting.send : null;

  const guard = useCallback((send: () => void) => {
    const decide = (list: Disclaimer[] | null) => {
      if (pendingDisclaimer(list, modeRef.current)) setWaiting({ mode: modeRef.current, send });
      else send();
    };
    // Known already: decided at once, so the box empties on the click itself.
    const known = knownDisclaimers();
    if (known !== undefined) decide(known);
    else void settledDisclaimers().then(decide);
  }, []);

  const terms = shown ? (
    <DisclaimerPanel
      key={shown.assistant_type}
      disclaimer={shown}
      waiting={sendWaiting !== null}
      onAccept={async () => {
        const result = await acceptDisclaimer(shown);
        // Terms changed meanwhile (409): the panel shows the new text, to be accepted in turn.
        if (result === "accepted" && sendWaiting) {
          setWaiting(null);
          // Another mode's terms may still stand (after a refused send): the gate decides again.
          guard(sendWaiting);
        }
        return result;
      }}
    />
  ) : null;

  return { guard, terms };
}
