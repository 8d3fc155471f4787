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
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { forgetOnSignOut } from "./sign-out";

// The app itself, loaded by main.tsx (with its styles: the import waits for them).
forgetOnSignOut();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
