import { useEffect } from "react";
import { commonTexts } from "./texts/common";

/** "<what is on screen> — Ясно" in the browser's tab and history, or "Ясно" alone (docs/web.md "Titles"). */
export const documentTitle = (title: string | null | undefined) =>
  title ? `${title} — ${commonTexts.brand}` : commonTexts.brand;

/** Names the page in the tab while it is shown. */
export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
