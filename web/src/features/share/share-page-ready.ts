import { queryClient } from "../../api/query-client";
import { loadMarkdown } from "../../ui/markdown/LazyMarkdown";
import { productsQuery } from "../modes/products-queries";
import SharePage from "./SharePage";
import { giveSharedHistory, shareScreenData } from "./shared-history";

/**
 * The share page, ready to render. A page whose HTML came with its conversation (the Worker
 * rendered it) is given what that render was made from, the conversation and the modes' names,
 * and waits for the Markdown renderer: the app's first render of the page is then the Worker's,
 * so it takes the first screen's place without a change on screen.
 */
export async function sharePageReady(): Promise<{ default: typeof SharePage }> {
  const data = shareScreenData();
  if (data) {
    giveSharedHistory(data.hash, data.history);
    queryClient.setQueryData(productsQuery.queryKey, data.products);
    await loadMarkdown();
  }
  return { default: SharePage };
}
