import { Flex, HoverCard, Separator } from "@radix-ui/themes";
import { Fragment, type ReactNode, useRef, useState } from "react";
import { Link } from "react-router";
import { CitationCard } from "./CitationCard";
import { articlePath, type CitationGroup, groupStatus } from "./citations";
import "./law.css";

/**
 * A citation in a reply: a link to its article page whose card (the article's text, its status, the
 * official source) opens on hover or keyboard focus, and on a tap on a touch screen, where the first tap
 * opens the card and a second one follows the link. A tap outside closes it. A group («ст. ст. 309, 310»)
 * is one link to its first article, its card one section per article.
 */
export function CitationLink({
  group,
  date,
  children,
}: {
  group: CitationGroup;
  date: string | null;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const touch = useRef(false);
  const [first] = group.items;
  const status = groupStatus(group);
  return (
    <HoverCard.Root
      open={open}
      // After a tap the link has focus, and focus opens a hover card after its delay: on a touch screen only
      // the tap opens it, or a tap outside that closed it would see it open again.
      onOpenChange={(next) => {
        if (!next || !touch.current) setOpen(next);
      }}
    >
      <HoverCard.Trigger>
        <Link
          to={articlePath(first.act, first.article, date)}
          className={`citation citation--${status}`}
          data-testid="citation"
          data-status={status}
          onPointerDown={(event) => {
            touch.current = event.pointerType !== "mouse";
          }}
          onClick={(event) => {
            if (!touch.current || open) return;
            event.preventDefault();
            setOpen(true);
          }}
        >
          {children}
        </Link>
      </HoverCard.Trigger>
      <HoverCard.Content size="2" maxWidth="min(440px, calc(100vw - 24px))" data-testid="citation-card">
        <Flex direction="column" gap="3">
          {group.items.map((citation, i) => (
            <Fragment key={`${citation.act}/${citation.article}`}>
              {i > 0 && <Separator size="4" />}
              <CitationCard citation={citation} date={date} />
            </Fragment>
          ))}
        </Flex>
      </HoverCard.Content>
    </HoverCard.Root>
  );
}
