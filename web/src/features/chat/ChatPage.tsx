import { ArrowDownIcon } from "@radix-ui/react-icons";
import { Callout, IconButton } from "@radix-ui/themes";
import { Hint } from "../../ui/Hint";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useShallow } from "zustand/react/shallow";
import { Composer } from "./Composer";
import { MessageList } from "./MessageList";
import { LiveReply } from "./LiveReply";
import { StartScreen } from "./StartScreen";
import { preloadMarkdown } from "../../ui/markdown/LazyMarkdown";
import { useOlderOnScroll } from "./use-older-on-scroll";
import { useStickToBottom } from "./use-stick-to-bottom";
import { DotsLoader } from "../../ui/DotsLoader";
import { turnState, useTurn } from "./chat-turn";
import { leaveOtherTopics } from "./chat-reset";
import { attachFiles, attachRecording, removeDraft, useDraftFiles } from "./draft-files";
import { notify } from "./chat-notices";
import { useHistory } from "./history-query";
import { openTopic, send, stop } from "./turn-actions";
import { useShownMessages } from "./use-shown-messages";
import { useTopicId, useUrlTopicId } from "./use-topic-id";
import { outOfRequests as noRequestsLeft, useLimits } from "../billing/limits-queries";
import { ModeChip } from "../modes/ModeChip";
import { ModePicker } from "../modes/ModePicker";
import { useModelTitle, useModeTitle } from "../modes/products-queries";
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

/**
 * `/chat` (a new chat in the picked mode) and `/chat/:id` (a topic, resumed live if its reply is
 * still running). The history is the query cache's; the turn's client state holds the rest, and
 * the streaming reply renders in `LiveReply` alone.
 */
export default function Chat() {
  return <ChatScreen />;
}

/** The chat, or with `main` Main's new chat: the mode cards instead of the start screen and its mode chip. */
export function ChatScreen({ main = false }: { main?: boolean }) {
  const urlTopicId = useUrlTopicId();
  const topicId = useTopicId();
  const navigate = useNavigate();
  const mode = useMode((s) => s.mode);
  const productTitle = useModeTitle(mode) ?? mode;
  const turn = useTurn(
    useShallow((s) => ({
      running: s.running,
      streaming: s.streaming !== null,
      created: s.created && s.topicId === topicId,
    })),
  );
  const history = useHistory(topicId, turn.created);
  const messages = useShownMessages(history.messages);
  const attachments = useDraftFiles((s) => s.files);
  const outOfRequests = noRequestsLeft(useLimits());
  const [text, setText] = useState("");
  // What the privacy guard found in the text that the user chose to send as is.
  const [kept, setKept] = useState<string[]>([]);
  const scroller = useRef<HTMLDivElement>(null);
  const { onScroll, stick, follow, atBottom } = useStickToBottom(scroller, [messages, history.loading]);
  const loadOlderNearTop = useOlderOnScroll(scroller, history);
  useEffect(preloadMarkdown, []);
  useFoundMessage(topicId, history);

  useLayoutEffect(() => {
    // A new chat's stream named its topic and the URL follows it (a navigation that may land late,
    // as a transition): the chat on screen stays, and so does what the user is typing meanwhile.
    if (urlTopicId && turnState().topicId === urlTopicId) return;
    leaveOtherTopics(urlTopicId);
    // A draft belongs to the chat it was typed in (a new chat's first question has been sent by now).
    setText("");
    setKept([]);
    stick();
  }, [urlTopicId, stick]);

  useEffect(() => {
    if (topicId && history.loaded) void openTopic(topicId);
  }, [topicId, history.loaded]);

  const sendTyped = () => {
    if (!text.trim()) return;
    setText("");
    setKept([]);
    stick();
    void send(topicId, text, {
      mode,
      keepAsIs: kept,
      // The new topic's URL, without leaving the chat that is streaming its first reply (Main stays in the
      // history, so Back leads to a new chat again).
      onTopic: (newId) => navigate(`/chat/${newId}`, { replace: !main }),
    });
  };

  const isNew = !topicId;
  const sendMode = useSendMode();
  const modelTitle = useModelTitle(sendMode);
  // The topic's name as the sidebar has it (renames follow), else plainly "Чат".
  const listed = useListedTopic(topicId);
  useDocumentTitle(main ? null : isNew ? titlesTexts.newChat : listed ? topicTitle(listed) : titlesTexts.chat);
  const empty = messages.length === 0 && !turn.running;

  return (
    <div className="chat-page" data-testid={main ? "page-main" : "page-chat"}>
      <div className="chat-page__body">
        <div
          className="chat-page__scroll"
          ref={scroller}
          onScroll={() => {
            onScroll();
            loadOlderNearTop();
          }}
        >
          {(history.loading || history.loadingOlder) && <DotsLoader />}
          {history.failed && (
            <Callout.Root color="red" role="alert" className="chat-page__error">
              <Callout.Text>{chatTexts.historyFailed}</Callout.Text>
            </Callout.Root>
          )}
          {isNew &&
            empty &&
            (main ? <ModePicker /> : <StartScreen mode={mode} title={productTitle} onExample={setText} />)}
          <MessageList messages={messages} live={turn.running} modelTitle={modelTitle}>
            <LiveReply onGrow={follow} />
          </MessageList>
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
      {isNew && !main && (
        <div className="chat-page__mode">
          <ModeChip />
        </div>
      )}
      <Composer
        text={text}
        onTextChange={setText}
        onSend={sendTyped}
        onStop={() => topicId && void stop(topicId)}
        onAttach={(files) => attachFiles(topicId, files)}
        onRecorded={(file) =>
          void attachRecording(topicId, file)
            // The transcript joins what is typed, to be checked before sending.
            .then(
              (transcript) =>
                transcript && setText((typed) => (typed.trim() ? `${typed.trimEnd()} ${transcript}` : transcript)),
            )
        }
        onRecordingError={(message) => notify(message, "info")}
        onRemoveAttachment={removeDraft}
        attachments={attachments}
        // A message sent before the history is in would be lost when it arrives.
        loading={turn.running || history.loading}
        canStop={turn.running && !!topicId && turn.streaming}
        outOfRequests={outOfRequests}
        notice={<PrivacyGuard text={text} mode={sendMode} kept={kept} onKeptChange={setKept} />}
        focusKey={mode}
      />
    </div>
  );
}
