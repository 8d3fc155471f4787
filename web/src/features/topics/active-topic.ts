import { useMatch } from "react-router";

/** The topic open in the chat view: the route's id (docs/product.md §2), read from the layout above the route. */
export function useActiveTopicId(): string | null {
  return useMatch("/chat/:id")?.params.id ?? null;
}
