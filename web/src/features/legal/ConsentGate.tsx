import { lazy, Suspense } from "react";
import { useConsentState } from "./consent-queries";

// The dialog is rarely needed: it loads only then, not with every page (docs/scale.md "Smaller to load").
const ConsentDialog = lazy(async () => ({ default: (await import("./ConsentDialog")).ConsentDialog }));

/**
 * Before anything else in the signed-in app: a user whose consent does not cover the documents in
 * force (a new version, or an account made by a first external sign-in) accepts them, or signs out
 * (docs/legal.md "Consent").
 */
export function ConsentGate() {
  const state = useConsentState();
  if (!state?.required) return null;
  return (
    <Suspense fallback={null}>
      <ConsentDialog state={state} />
    </Suspense>
  );
}
