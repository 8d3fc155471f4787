import { Badge, Button, Flex, Heading, Text } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import { MessageList } from "../chat/MessageList";
import { DotsLoader } from "../../ui/DotsLoader";
import { ModeIcon } from "../modes/ModeIcon";
import { useModelTitle, useProductTitle } from "../modes/products-queries";
import {
  forgetGivenSharedHistory,
  givenSharedHistory,
  loadSharedHistory,
  type ShareGone,
  type SharedHistory,
} from "./shared-history";
import { ShareGoneNotice } from "./ShareGoneNotice";
import { MorePages, useMorePages } from "./MorePages";
import "./share-page.css";
import { commonTexts } from "../../ui/texts/common";
import { sharePageTexts } from "../../ui/texts/sharePage";
import { useDocumentTitle } from "../../ui/document-title";
import { LegalLinks } from "../legal/legal-links";

function TryButton({ size = "2" }: { size?: "2" | "3" }) {
  return (
    <Button asChild size={size}>
      <Link to="/register">{sharePageTexts.cta}</Link>
    </Button>
  );
}

/** `/share/:hash`: a shared topic, read-only, for anyone with the link (no sign-in, no main layout). */
export default function Share() {
  const { hash = "" } = useParams();
  return <SharedTopic key={hash} hash={hash} />;
}

function SharedTopic({ hash }: { hash: string }) {
  // A page whose HTML came with this conversation (the Worker rendered it) shows it at once, as rendered.
  const [given] = useState(() => givenSharedHistory(hash));
  const [history, setHistory] = useState<SharedHistory | null>(given?.history ?? null);
  const [state, setState] = useState<"loading" | "loaded" | "error" | ShareGone>(given ? "loaded" : "loading");
  const more = useMorePages(hash, given?.next ?? null, setHistory);
  useDocumentTitle(history ? history.topic_name?.trim() || sharePageTexts.untitled : null);
  const modelTitle = useModelTitle(history?.assistant_type ?? "");
  const modeTitle = useProductTitle(history?.assistant_type ?? "");

  useEffect(() => {
    if (given) {
      forgetGivenSharedHistory(hash);
      return;
    }
    let current = true;
    setState("loading");
    void loadSharedHistory(hash).then((result) => {
      if (!current) return;
      if (result && "gone" in result) return setState(result);
      setHistory(result?.history ?? null);
      more.setNext(result?.next ?? null);
      setState(result ? "loaded" : "error");
    });
    return () => {
      current = false;
    };
  }, [hash, given, more.setNext]);

  return (
    <Flex direction="column" className="share-page" data-testid="page-share">
      <Flex asChild align="center" justify="between" gap="3" className="share-page__bar">
        <header>
          <Flex align="center" gap="2" minWidth="0">
            <Text size="5" weight="bold" asChild>
              <Link to="/" className="share-page__brand">
                {commonTexts.brand}
              </Link>
            </Text>
            <Badge color="gray" variant="soft">
              {sharePageTexts.readOnly}
            </Badge>
          </Flex>
          <span className="share-page__bar-cta">
            <TryButton />
          </span>
        </header>
      </Flex>

      <main>
        {state === "loading" && (
          <Flex justify="center" py="9" className="share-page__loading">
            <DotsLoader />
          </Flex>
        )}
        {state === "error" && (
          <Flex direction="column" align="center" gap="4" py="9" px="4">
            <Text size="3" color="red" role="alert" align="center" data-testid="share-error">
              {sharePageTexts.loadFailed}
            </Text>
            <TryButton />
          </Flex>
        )}
        {typeof state === "object" && <ShareGoneNotice why={state.gone} action={<TryButton size="3" />} />}
        {state === "loaded" && history && (
          <>
            <Flex direction="column" gap="2" className="share-page__head">
              {modeTitle && (
                <Flex align="center" gap="2">
                  <Text color="indigo" asChild>
                    <span>
                      <ModeIcon mode={history.assistant_type} size={16} />
                    </span>
                  </Text>
                  <Text size="2" color="gray">
                    {modeTitle}
                  </Text>
                </Flex>
              )}
              <Heading as="h1" size={{ initial: "6", sm: "7" }} className="share-page__title">
                {history.topic_name?.trim() || sharePageTexts.untitled}
              </Heading>
            </Flex>
            {history.messages.length === 0 ? (
              <Text as="p" size="2" color="gray" align="center" my="6">
                {sharePageTexts.empty}
              </Text>
            ) : (
              <MessageList messages={history.messages} readOnly modelTitle={modelTitle} />
            )}
            <MorePages more={more} />
            <Flex
              direction={{ initial: "column", sm: "row" }}
              align={{ initial: "start", sm: "center" }}
              justify="between"
              gap="3"
              className="share-page__cta"
            >
              <Text size="3" weight="medium">
                {sharePageTexts.ctaText}
              </Text>
              <TryButton size="3" />
            </Flex>
          </>
        )}
      </main>
      <footer className="share-page__footer">
        <LegalLinks />
      </footer>
    </Flex>
  );
}
