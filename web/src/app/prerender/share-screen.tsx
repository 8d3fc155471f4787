import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { MemoryRouter, Route, Routes } from "react-router";
import type { ShareScreenData } from "../../../../worker/conversations/share-screen-data";
import { productsQuery } from "../../features/modes/products-queries";
import SharePage from "../../features/share/SharePage";
import { forgetGivenSharedHistory, giveSharedHistory } from "../../features/share/shared-history";
import { documentTitle } from "../../ui/document-title";
import { loadMarkdown } from "../../ui/markdown/LazyMarkdown";
import { RootTheme } from "../../ui/RootTheme";
import { sharePageTexts } from "../../ui/texts/sharePage";

/**
 * A share page's first screen with its conversation, as the app renders it for a visitor who is
 * not signed in (the light theme), from what the app would load, and the title the page gives the
 * tab: the Worker puts both in the page's HTML (worker/conversations/routes/share-page.ts), and the
 * app's first render of the page, from the same data (features/share/share-page-ready.ts), is the
 * same markup. Built for the share-screen Worker by web/build/share-screen.ts; never in the browser.
 */
export async function renderShareScreen(data: ShareScreenData): Promise<{ html: string; title: string }> {
  const { hash, history, next, products } = data;
  await loadMarkdown();
  const client = new QueryClient();
  client.setQueryData(productsQuery.queryKey, products);
  // Given and forgotten around a synchronous render: renders of other pages cannot come between.
  giveSharedHistory(hash, history, next ?? null);
  try {
    const html = renderToString(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`/share/${hash}`]}>
          <RootTheme appearance="light">
            <Routes>
              <Route path="/share/:hash" element={<SharePage />} />
            </Routes>
          </RootTheme>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    return { html, title: documentTitle(history.topic_name?.trim() || sharePageTexts.untitled) };
  } finally {
    forgetGivenSharedHistory(hash);
    client.clear();
  }
}
