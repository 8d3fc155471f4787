import { ChatScreen } from "../chat/ChatPage";

/**
 * `/`, Main (docs/product.md §2): the mode cards and the text box on one screen, so a question is
 * typed and sent at once in the picked mode; the chat moves to `/chat/<id>` once it has its topic.
 */
export default function Main() {
  return <ChatScreen main />;
}
