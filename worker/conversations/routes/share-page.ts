import { Hono } from "hono";
import { activeProducts, publicProduct } from "../../billing/services/products";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../http/errors";
import { SHARE_PAGE_REFERRER_POLICY } from "../../http/security-headers";
import { SHARE_HASH_PATTERN, sharedLink } from "../services/share";
import { cachedSharePage, keepSharePage } from "../services/share-page-cache";
import { shareGoneError } from "../services/share-gone";
import { shareReadLimit } from "./share";
import { readSharedHistory } from "../services/shared-history";
import { SHARE_FIRST_SCREEN, sharedPage } from "../services/shared-pages";
import { PRERENDERED_ID, SHARE_SCREEN_DATA_ID, type ShareScreenData } from "../share-screen-data";
import { logEvent } from "../../http/log";

/**
 * The share page as the build wrote it, its first screen with the messages still loading (web/dist/share/index.html).
 */
const SHELL = "/share/";

/** JSON inside a `<script type="application/json">`: no `<`, so no `</script>` or `<!--` can end or bend it. */
const jsonInHtml = (value: unknown) => JSON.stringify(value).replaceAll("<", "\\u003c");

/** The page's HTML with its status; browsers ask again each time, so a revoke or a change shows at the next load. */
function page(html: Response | string, status: 200 | 404 | 410): Response {
  return new Response(typeof html === "string" ? html : html.body, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-cache",
      "Referrer-Policy": SHARE_PAGE_REFERRER_POLICY,
    },
  });
}

/**
 * `/share/{hash}`, the page a share link opens (docs/web.md "First screens in the HTML"): the
 * build's share page with its first screen filled in, the conversation rendered by the app's own
 * components (the SHARE_SCREEN Worker) from what the API would answer for the link
 * (`readSharedHistory`: the same edge cache, privacy placeholders and expiry) and the modes'
 * names, and that data beside it, so the app's first render is the same and takes its place
 * unseen. A long chat's page carries its first messages only (`SHARE_FIRST_SCREEN`); the app
 * loads the rest as the reader scrolls. The page is kept at the edge like the JSON
 * (`cachedSharePage`), so it is rendered once a minute per data centre, not per reader. An
 * unknown or revoked link is 404 and an expired one 410, with the page as built (the app asks the
 * API and says why the link shows nothing);
 * if the renderer fails, the page as built, which loads the conversation itself (not kept).
 */
export const sharePage = new Hono<AppEnv>()
  .get("/:hash", shareReadLimit, async (c) => {
    const hash = c.req.param("hash");
    const db = getDb(c.env.DB);
    const cached = SHARE_HASH_PATTERN.test(hash) ? await cachedSharePage(c.env, db, hash) : undefined;
    if (cached !== undefined) return page(cached, 200);
    const shell = await c.env.ASSETS.fetch(new URL(SHELL, c.req.url));
    if (!shell.ok) return shell;
    // Read first: the copy kept below says how the link stood, so a change made meanwhile drops it.
    if (!SHARE_HASH_PATTERN.test(hash)) return page(shell, 404);
    const link = await sharedLink(db, hash);
    if (!link) return page(shell, (await shareGoneError(db, hash)).status === 410 ? 410 : 404);
    let data: ShareScreenData;
    try {
      const [whole, products] = await Promise.all([readSharedHistory(c.env, hash), activeProducts(db)]);
      const { history, next } = sharedPage(whole, SHARE_FIRST_SCREEN);
      data = { hash, history, ...(next ? { next } : {}), products: products.map(publicProduct) };
    } catch (err) {
      if (err instanceof ApiError && (err.status === 404 || err.status === 410)) return page(shell, err.status);
      throw err;
    }
    let screen: { html: string; title: string };
    try {
      screen = await c.env.SHARE_SCREEN.render(c.req.url, data);
    } catch (err) {
      logEvent("error", "share screen failed", { err });
      return page(shell, 200);
    }
    const filled = new HTMLRewriter()
      .on("title", { element: (title) => void title.setInnerContent(screen.title) })
      .on(`#${PRERENDERED_ID} > [data-is-root-theme]`, {
        element: (theme) => void theme.replace(screen.html, { html: true }),
      })
      .on(`#${PRERENDERED_ID}`, {
        element: (prerendered) =>
          void prerendered.append(
            `<script type="application/json" id="${SHARE_SCREEN_DATA_ID}">${jsonInHtml(data)}</script>`,
            { html: true },
          ),
      })
      .transform(shell);
    const html = await filled.text();
    await keepSharePage(c.env, hash, html, link);
    return page(html, 200);
  })
  // Anything else under /share/ is the static assets' (the page as built for /share/, a 404 page).
  .all("*", (c) => c.env.ASSETS.fetch(c.req.raw));
