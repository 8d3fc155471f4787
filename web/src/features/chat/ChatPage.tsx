import { ArrowDownIcon } from "@radix-ui/react-icons";
import { Callout, IconButton } from "@radix-ui/themes";
import { Hint } from "../../ui/Hint";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { Composer } from "./Composer";
import { MessageList } from "./MessageList";
import { StartScreen } from "./StartScreen";
import { preloadMarkdown } from "../../ui/markdown/LazyMarkdown";
import { useOlderOnScroll } from "./use-older-on-scroll";
import { useStickToBottom } from "./use-stick-to-bottom";
import { DotsLoader } from "../../ui/DotsLoader";
import { useProductTitle } from "../modes/products-queries";
import { useChat } from "./chat-store";
import { outOfRequests as noRequestsLeft, useLimits } from "../billing/limits-queries";
import { ModeChip } from "../modes/ModeChip";
import { useModelTitle } from "../modes/products-queries";
import { useSendMode } from "../billing/disclaimer/use-disclaimer-gate";
import { useListedTopic } from "../topics/topics-queries";
import { topicTitle } from "../topics/TopicItem";
import { useDocumentTitle } from "../../ui/document-title";
import { useMode } from "../modes/mode-store";
import { chatTexts } from "../../ui/texts/chat";
import { titlesTexts } from "../../ui/texts/titles";
import { useFoundMessage } from "../search/use-found-message";
import { PrivacyGuard } from "../privacy/PrivacyGuard";
import "./chat.css";

/** `/chat` (a new chat in the picked mode) and `/chat/:id` (a topic, resumed live if its reply is still running). */
export default function Chat() {
  const { id } = useParams<{ id?: string }>();
  const navigate = useNavigate();
  const mode = useMode((s) => s.mode);
  const productTitle = useProductTitle(mode);
  const { topicId, messages, history, historyError, loading, streaming, attachments, loadingOlder } = useChat();
  const outOfRequests = noRequestsLeft(useLimits());
  const [text, setText] = useState("");
  // What the privacy guard found in the text that the user chose to send as is.
  const [kept, setKept] = useState<string[]>([]);
  const scroller = useRef<HTMLDivElement>(null);
  const { onScroll, stick, atBottom } = useStickToBottom(scroller, [messages, streaming?.text, history]);
  const loadOlderNearTop = useOlderOnScroll(scroller);
  useEffect(preloadMarkdown, []);
  useFoundMessage();

  useEffect(() => {
    const chat = useChat.getState();
    // A new chat got its id and the URL follows it (a navigation that may land late, as a
    // transition): the chat on screen stays, and so does what the user is typing meanwhile.
    if (id && id === chat.topicId && chat.history === "loaded") return;
    if (id) void chat.open(id);
    // Another topic's messages must not stay under a new chat (a link to /chat from a topic).
    else if (chat.topicId !== null) chat.reset();
    // A draft belongs to the chat it was typed in (a new chat's first question has been sent by now).
    setText("");
    setKept([]);
    stick();
  }, [id, stick]);

  const send = () => {
    if (!text.trim()) return;
    const chat = useChat.getState();
    setText("");
    setKept([]);
    stick();
    void chat.send(text, {
      mode,
      keepAsIs: kept,
      // The new topic's URL, without leaving the chat that is streaming its first reply.
      onTopic: (newId) => navigate(`/chat/${newId}`, { replace: true }),
    });
  };

  const isNew = !id && !topicId;
  const sendMode = useSendMode();
  const modelTitle = useModelTitle(sendMode);
  // The topic's name as the sidebar has it (renames follow), else plainly "Чат".
  const listed = useListedTopic(topicId);
  useDocumentTitle(isNew ? titlesTexts.newChat : listed ? topicTitle(listed) : titlesTexts.chat);
  const empty = messages.length === 0 && !loading;

  return (
    <div className="chat-page" data-testid="page-chat">
      <div className="chat-page__body">
        <div
          className="chat-page__scroll"
          ref={scroller}
          onScroll={() => {
            onScroll();
            loadOlderNearTop();
          }}
        >
          {(history === "loading" || loadingOlder) && <DotsLoader />}
          {historyError && (
            <Callout.Root color="red" role="alert" className="chat-page__error">
              <Callout.Text>{historyError}</Callout.Text>
            </Callout.Root>
          )}
          {isNew && empty && <StartScreen mode={mode} title={productTitle} onExample={setText} />}
          <MessageList messages={messages} streaming={streaming} waiting={loading && !streaming} modelTitle={modelTitle} />
        </div>
        {!atBottom && (
          <Hint content={chatTexts.jumpToLatest}>
            <IconButton
              type="button"
              radius="full"
              variant="surface"
              color="gray"
              className="chat-page__jump"
              aria-label={chatTexts.jumpToLatest}
              onClick={() => stick("smooth")}
            >
              <ArrowDownIcon />
            </IconButton>
          </Hint>
        )}
      </div>
      {isNew && (
        <div className="chat-page__mode">
          <ModeChip />
        </div>
      )}
      <Composer
        text={text}
        onTextChange={setText}
        onSend={send}
        onStop={() => void useChat.getState().stop()}
        onAttach={(files) => useChat.getState().attach(files)}
        onRecorded={(file) =>
          void useChat
            .getState()
            .attachRecording(file)
            // The transcript joins what is typed, to be checked before sending.
            .then((transcript) => transcript && setText((typed) => (typed.trim() ? `${typed.trimEnd()} ${transcript}` : transcript)))
        }
        onRecordingError={(message) => useChat.getState().notice(message, "info")}
        onRemoveAttachment={(key) => useChat.getState().removeAttachment(key)}
        attachments={attachments}
        // A message sent before the history is in would be lost when it arrives.
        loading={loading || history === "loading"}
        canStop={loading && !!topicId && !!streaming}
        outOfRequests={outOfRequests}
        notice={<PrivacyGuard text={text} mode={sendMode} kept={kept} onKeptChange={setKept} />}
      />
    </div>
  );
}
