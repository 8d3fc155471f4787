import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { MemoryRouter, Route, Routes } from "react-router";
import LoginPage from "../../features/auth/pages/LoginPage";
import SharePage from "../../features/share/SharePage";
import { RootTheme } from "../../ui/RootTheme";
import AuthLayout from "../layouts/AuthLayout";

/**
 * A page of prerendered-pages.ts as its first screen as the app renders it for a visitor who is not signed in, before
 * any answer from the API (the share page's messages load after), in the light theme. Run by the build
 * (web/build/prerender-pages.ts), never in the browser.
 */
export function prerender(url: string): string {
  const client = new QueryClient();
  const html = renderToString(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <RootTheme appearance="light">
          <Routes>
            <Route element={<AuthLayout />}>
              <Route path="/login" element={<LoginPage />} />
            </Route>
            <Route path="/share/:hash" element={<SharePage />} />
          </Routes>
        </RootTheme>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  // The render's queries wait minutes to be collected (the build's browser globals make the client think it is in a
  // browser): the build would wait for them.
  client.clear();
  return html;
}
