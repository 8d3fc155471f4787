// Radix Themes' CSS without the 20+ color scales the app never uses (styles.css carries all 31):
// the base tokens, the colors named in components and CSS (docs/scale.md "Smaller to load"), the
// components and the layout utilities. A new color="…" needs its file here.
import "@radix-ui/themes/tokens/base.css";
import "@radix-ui/themes/tokens/colors/gray.css";
import "@radix-ui/themes/tokens/colors/slate.css";
import "@radix-ui/themes/tokens/colors/indigo.css";
import "@radix-ui/themes/tokens/colors/red.css";
import "@radix-ui/themes/tokens/colors/green.css";
import "@radix-ui/themes/tokens/colors/amber.css";
import "@radix-ui/themes/tokens/colors/iris.css";
import "@radix-ui/themes/tokens/colors/grass.css";
import "@radix-ui/themes/tokens/colors/cyan.css";
import "@radix-ui/themes/components.css";
import "@radix-ui/themes/utilities.css";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { hasStoredSession } from "../features/auth/auth-store";
import { App } from "./App";
import { appStylesLoaded } from "./prerender/app-styles";
import { preloadPage } from "./router";
import { forgetOnSignOut } from "./sign-out";

// The app itself, loaded by main.tsx (with its styles: the import waits for them).
forgetOnSignOut();
preloadPage(location.pathname, hasStoredSession());

// The first render as a transition: React renders it in slices of a few milliseconds, giving the
// main thread back between them, instead of one long task a phone's taps wait behind (its TBT,
// docs/scale.md "Smaller to load"); a page with a prerendered screen keeps showing that meanwhile,
// and its render waits for the app's stylesheet, loaded aside (prerender/app-styles.ts).
const root = createRoot(document.getElementById("root")!);
void appStylesLoaded().then(() =>
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }),
);
