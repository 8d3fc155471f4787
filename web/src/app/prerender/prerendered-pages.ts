/**
 * The pages whose first screen the build writes into their HTML (web/build/prerender-pages.ts):
 * the router's path, the file, the path the host serves that file at (`servedAt`; every share
 * link is rewritten to the one file, since its first screen is the same for all), the lazy
 * modules the page is made of, whose styles the file carries whole, and whether the Worker fills
 * the screen in (`filled`: a share link's conversation, worker/conversations/routes/share-page.ts),
 * so its styles are chosen for every part a conversation can have.
 */
export const PRERENDERED_PAGES = [
  {
    path: "/login",
    file: "login.html",
    servedAt: "/login",
    modules: ["src/app/layouts/AuthLayout.tsx", "src/features/auth/pages/LoginPage.tsx"],
    filled: false,
  },
  {
    path: "/share/:hash",
    file: "share/index.html",
    servedAt: "/share/",
    modules: ["src/features/share/share-page-ready.ts", "src/ui/markdown/Markdown.tsx"],
    filled: true,
  },
] as const;

/** The first screen's attribute naming the app's stylesheets, which main.tsx loads aside (app-styles.ts). */
export const APP_STYLES_ATTRIBUTE = "data-app-styles";
