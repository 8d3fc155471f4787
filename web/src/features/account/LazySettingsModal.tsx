import { lazy, Suspense, useState } from "react";
import { useSettings } from "./settings-store";

// The settings (account, subscription, payments, your data) load when first opened, not with every
// page (docs/scale.md "Smaller to load"); once loaded they stay, so closing keeps its animation.
const SettingsModal = lazy(async () => ({ default: (await import("./SettingsModal")).SettingsModal }));

export function LazySettingsModal() {
  const open = useSettings((s) => s.open);
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SettingsModal />
    </Suspense>
  );
}
