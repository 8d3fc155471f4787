import { useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { CODE_COPY_CLASS, CodeCopyButton } from "./CodeCopyButton";

type CodeBlock = { block: HTMLElement; code: string };

const COPY = `.${CODE_COPY_CLASS}`;

/**
 * A reply as the server rendered it (rendered-replies.ts), with its code blocks' copy buttons made
 * live: each static button gives its place to the app's own, before a paint.
 */
export function RenderedReply({ html }: { html: string }) {
  const reply = useRef<HTMLDivElement>(null);
  const [blocks, setBlocks] = useState<CodeBlock[]>([]);

  useLayoutEffect(() => {
    const found = [...(reply.current?.querySelectorAll<HTMLElement>(".markdown__code") ?? [])].flatMap((block) => {
      const button = block.querySelector(COPY);
      if (!button) return [];
      button.remove();
      return [{ block, code: block.querySelector("pre")?.textContent ?? "" }];
    });
    setBlocks(found);
  }, []);

  // A portal appends its button after the code; the renderer puts it first (the page's order, box
  // for box as the server drew it). Moved within its own container, React still finds it there.
  useLayoutEffect(() => {
    for (const { block } of blocks) {
      const button = block.querySelector(`:scope > ${COPY}`);
      if (button && button !== block.firstElementChild) block.insertBefore(button, block.firstChild);
    }
  }, [blocks]);

  return (
    <>
      <div
        ref={reply}
        className="markdown"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's render of this reply by this renderer (rendered-replies.ts)
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {blocks.map(({ block, code }, i) => createPortal(<CodeCopyButton text={code} />, block, String(i)))}
    </>
  );
}
