import { useCallback, useMemo } from "react";
import { Markdown } from "../../ui/markdown/LazyMarkdown";
import type { RenderMark } from "../../ui/markdown/Markdown";
import { CitationLink } from "./CitationLink";
import { CitationSources } from "./CitationSources";
import { type Citation, groupsOf } from "./citations";

/** A reply with its citations: each one a link with its card over the rendered Markdown, and «Источники» under it. */
export function CitedReply({
  text,
  citations,
  date,
}: {
  text: string;
  citations: readonly Citation[];
  date: string | null;
}) {
  const groups = useMemo(() => groupsOf(citations), [citations]);
  const renderMark = useCallback<RenderMark>(
    (index, children) => {
      const group = groups[index];
      return group ? (
        <CitationLink group={group} date={date}>
          {children}
        </CitationLink>
      ) : (
        children
      );
    },
    [groups, date],
  );
  return (
    <>
      <Markdown text={text} marks={groups} renderMark={renderMark} />
      <CitationSources citations={citations} date={date} />
    </>
  );
}
