import type { Product } from "../billing/schemas";
import type { SharedHistory } from "./schemas";

/**
 * A share page's HTML as the Worker serves it (docs/web.md "First screens in the HTML"): the
 * build's first screen (web/build/prerender-pages.ts) in the element `PRERENDERED_ID`, which the
 * Worker fills with the conversation rendered by the app's own components, and the data that
 * render came from in the element `SHARE_SCREEN_DATA_ID`, so the app's first render is the same.
 */
export const PRERENDERED_ID = "prerendered";
export const SHARE_SCREEN_DATA_ID = "share-screen";

/**
 * What a share page's first screen is rendered from: the first page of what the API answers for the
 * link, the cursor of the page after it (`next`, absent when the chat fits), and the modes' names.
 */
export type ShareScreenData = { hash: string; history: SharedHistory; next?: string; products: Product[] };
