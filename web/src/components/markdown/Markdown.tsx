import { isValidElement, memo, type ReactNode } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { texts } from "../../texts";
import { CopyButton } from "../chat/CopyButton";
import "./markdown.css";

type MdNode = { type: string; value?: string; children?: MdNode[] };

/**
 * Raw HTML in a reply is never rendered, and dropping it (react-markdown's default) would make the
 * text lie about what the model wrote: show it as the literal text it is.
 */
function remarkHtmlAsText() {
  const walk = (node: MdNode) => {
    if (node.type === "html") node.type = "text";
    node.children?.forEach(walk);
  };
  return walk;
}

/** The plain text inside rendered children (a code block's source, for its copy button). */
function textOf(node: ReactNode): string {
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (Array.isArray(node)) return node.map(textOf).join("");
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return "";
}

const components: Components = {
  a: ({ node: _node, children, ...props }) => (
    <a {...props} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ),
  pre: ({ node: _node, children, ...props }) => {
    const code = textOf(children).replace(/\n$/, "");
    return (
      <div className="markdown__code">
        <CopyButton text={code} label={texts.chat.copyCode} className="markdown__code-copy" />
        <pre {...props}>{children}</pre>
      </div>
    );
  },
  table: ({ node: _node, ...props }) => (
    <div className="markdown__table-scroll">
      <table {...props} />
    </div>
  ),
  img: ({ node: _node, alt, ...props }) => <img {...props} alt={alt ?? ""} loading="lazy" />,
};

const remarkPlugins = [remarkGfm, remarkHtmlAsText];

/**
 * An assistant reply as Markdown (GFM: tables, lists, code), re-rendered as it streams. No raw
 * HTML ever reaches the page; links open in a new tab; wide tables and code scroll inside the
 * column so a phone never scrolls sideways.
 */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown remarkPlugins={remarkPlugins} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
});
