import { useLocation, useNavigate } from "react-router";
import { resetChat } from "../chat/chat-reset";
import { sidebarTexts } from "../../ui/texts/sidebar";

/**
 * The sidebar's top button (docs/product.md §2): "Начать общение" when the URL has a hash, else "Новый
 * чат"; either clears the messages and the chat's topic id and goes to Main to pick a mode.
 */
export function useNewChat(): { label: string; start: () => void } {
  const navigate = useNavigate();
  const { hash } = useLocation();
  return {
    label: hash ? sidebarTexts.startChat : sidebarTexts.newChat,
    start: () => {
      resetChat();
      navigate("/");
    },
  };
}
