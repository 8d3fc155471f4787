import { lazy, Suspense } from "react";
import { useGuardOn } from "./privacy-queries";

// The detector and its list load only once a guarded composer has text (docs/privacy.md "What the
// user sees"): the chat page's first JavaScript does not carry them.
const PrivacyNotice = lazy(() => import("./PrivacyNotice"));

type PrivacyGuardProps = {
  text: string;
  /** The mode the message goes to: the notice shows only where the guard is on. */
  mode: string;
  kept: readonly string[];
  onKeptChange: (kept: string[]) => void;
};

/** What the guard will hide from the model in the text being typed, when it is on for the mode. */
export function PrivacyGuard({ text, mode, kept, onKeptChange }: PrivacyGuardProps) {
  const on = useGuardOn(mode);
  // A sent (emptied) box loses the notice at once.
  if (!on || !text.trim()) return null;
  return (
    <Suspense fallback={null}>
      <PrivacyNotice text={text} kept={kept} onKeptChange={onKeptChange} />
    </Suspense>
  );
}
