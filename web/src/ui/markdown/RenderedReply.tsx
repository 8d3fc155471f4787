import { useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { CopyButton } from "../CopyButton";
import { chatTexts } from "../texts/chat";

type CodeBlock = { slot: HTMLElement; code: string };

/**
 * A reply as the server rendered it (rendered-replies.ts), with its code blocks' copy buttons made
 * live: each static button gives its place to the app's own, in the same commit, before a paint.
 */
export function RenderedReply({ html }: { html: string }) {
  const reply = useRef<HTMLDivElement>(null);
  const [blocks, setBlocks] = useState<CodeBlock[]>([]);

  useLayoutEffect(() => {
    const found = [...(reply.current?.querySelectorAll<HTMLElement>(".markdown__code") ?? [])].flatMap((block) => {
      const button = block.querySelector(".markdown__code-copy");
      if (!button) return [];
      const slot = document.createElement("span");
      button.replaceWith(slot);
      // As the renderer gives it (Markdown.tsx): the code's text without the fence's last newline.
      return [{ slot, code: (block.querySelector("pre")?.textContent ?? "").replace(/\n$/, "") }];
    });
    setBlocks(found);
  }, []);

  return (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server's render of this reply by this renderer (rendered-replies.ts) */}
      <div ref={reply} className="markdown" dangerouslySetInnerHTML={{ __html: html }} />
      {blocks.map(({ slot, code }, i) => createPortal(<CopyButton text={code} label={chatTexts.copyCode} className="markdown__code-copy" />, slot, String(i)))}
    </>
  );
}
