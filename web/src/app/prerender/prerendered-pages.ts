/**
 * The pages whose first screen the build writes into their HTML (web/build/prerender-pages.ts):
 * the router's path, the file, the path the host serves that file at (`servedAt`; every share
 * link is rewritten to the one file, since its first screen is the same for all), and the lazy
 * modules the page is made of, whose styles and code the file asks for at once.
 */
export const PRERENDERED_PAGES = [
  { path: "/login", file: "login.html", servedAt: "/login", modules: ["src/app/layouts/AuthLayout.tsx", "src/features/auth/pages/LoginPage.tsx"] },
  { path: "/share/:hash", file: "share/index.html", servedAt: "/share/", modules: ["src/features/share/SharePage.tsx"] },
] as const;
