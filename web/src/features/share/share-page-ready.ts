import { queryClient } from "../../api/query-client";
import { loadMarkdown } from "../../ui/markdown/LazyMarkdown";
import { keepRenderedReplies } from "../../ui/markdown/rendered-replies";
import { productsQuery } from "../modes/products-queries";
import SharePage from "./SharePage";
import { PRERENDERED_ID } from "../../../../worker/conversations/share-screen-data";
import { giveSharedHistory, shareScreenData } from "./shared-history";

/**
 * The share page, ready to render. A page whose HTML came with its conversation (the Worker
 * rendered it) is given what that render was made from, the conversation and the modes' names,
 * and the replies as the Worker rendered them (only a reply with a code block waits for the
 * Markdown renderer): the app's first render of the page is then the Worker's, so it takes the
 * first screen's place without a change on screen.
 */
export async function sharePageReady(): Promise<{ default: typeof SharePage }> {
  const data = shareScreenData();
  if (data) {
    giveSharedHistory(data.hash, data.history, data.next ?? null);
    queryClient.setQueryData(productsQuery.queryKey, data.products);
    const screen = document.getElementById(PRERENDERED_ID);
    if (!screen || !keepRenderedReplies(screen, data.history.messages)) await loadMarkdown();
  }
  return { default: SharePage };
}
