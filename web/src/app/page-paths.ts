/**
 * Every path the app has a page for (web/src/app/router.tsx; a test keeps the two equal). The build
 * turns them into the host's rewrites to index.html (`_redirects`), so any other path answers
 * HTTP 404 with the app's not-found page (`404.html`): docs/web.md "Routes and the access gate".
 */
export const PAGE_PATHS = [
  "/",
  "/login",
  "/register",
  "/register-v2",
  "/forgot",
  "/forgot/sent",
  "/recovery/:token",
  "/recovery-invalid",
  "/share/:hash",
  "/offer",
  "/privacy",
  "/terms",
  "/email/confirm/:token",
  "/chat",
  "/chat/:id",
  "/checkout",
  "/law/:act/:article",
  "/invitations",
  "/invitations/:token",
  "/link/telegram",
  "/user",
  "/subscription",
  "/user/privacy",
  "/company",
] as const;
