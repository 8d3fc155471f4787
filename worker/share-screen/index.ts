import { renderingAt } from "./browser-globals";
import { WorkerEntrypoint } from "cloudflare:workers";
import type { ShareScreenData } from "../conversations/share-screen-data";
// @ts-expect-error: built by `npm run build:web` (web/build/share-screen.ts), an ES module without types; typed below.
import * as built from "../../dist/share-screen/render.js";

/** The share page's first screen, rendered by the app's own components (web/src/app/prerender/share-screen.tsx). */
const renderShareScreen: (data: ShareScreenData) => Promise<{ html: string; title: string }> = built.renderShareScreen;

/**
 * The share page's renderer (docs/web.md "First screens in the HTML"): React and the app's
 * components, ~200 KiB gzip the API Worker does not load on its cold starts. The API Worker calls
 * it by RPC over the SHARE_SCREEN service binding for each share page it serves.
 */
export class ShareScreen extends WorkerEntrypoint {
  /** The first screen of the share page at `url`, with its conversation, and the page's title. */
  async render(url: string, data: ShareScreenData): Promise<{ html: string; title: string }> {
    renderingAt(url);
    return renderShareScreen(data);
  }
}

// Nothing is served over HTTP: the Worker has no route and answers only its binding.
export default {
  fetch: () => new Response(null, { status: 404 }),
} satisfies ExportedHandler;
