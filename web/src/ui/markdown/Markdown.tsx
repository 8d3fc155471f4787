import { isValidElement, memo, type ReactNode, useMemo } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { CodeCopyButton } from "./CodeCopyButton";
import { chatTexts } from "../texts/chat";
import { rehypeHighlightCode } from "./highlight-code";
import { rehypeSourceMarks, type SourceMark } from "./source-marks";
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

// A link from a reply leaves the app: no opener, no Referer (a share page's URL is its secret),
// and no endorsement of wherever the model pointed.
const LINK_REL = "noopener noreferrer nofollow";

type HastNode = {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
};

/** The text of an image's stand-in: its alt, or else the host it would have come from. */
function imageLabel(alt: unknown, src: unknown): string {
  if (typeof alt === "string" && alt.trim()) return alt.trim();
  try {
    return new URL(String(src), window.location.href).host;
  } catch {
    return "";
  }
}

/**
 * An image in a reply is never fetched by itself: loading it would tell its host who reads the
 * reply (above all on a public share page), and the page's policy allows no other host's images
 * anyway. It becomes a link «Изображение: <alt>» the reader may open, or plain text inside a link.
 */
function rehypeImagesAsLinks() {
  const walk = (node: HastNode, insideLink: boolean) => {
    node.children?.forEach((child, i) => {
      if (child.type === "element" && child.tagName === "img") {
        const { src, alt } = child.properties ?? {};
        const text: HastNode = { type: "text", value: chatTexts.markdownImage.replace("{alt}", imageLabel(alt, src)) };
        node.children![i] = insideLink
          ? text
          : {
              type: "element",
              tagName: "a",
              properties: { href: src, className: ["markdown__image-link"] },
              children: [text],
            };
      } else {
        walk(child, insideLink || child.tagName === "a");
      }
    });
  };
  return (tree: HastNode) => walk(tree, false);
}

const components: Components = {
  a: ({ node: _node, children, ...props }) => (
    <a {...props} target="_blank" rel={LINK_REL}>
      {children}
    </a>
  ),
  pre: ({ node: _node, children, ...props }) => {
    return (
      <div className="markdown__code">
        <CodeCopyButton text={textOf(children)} />
        <pre {...props}>{children}</pre>
      </div>
    );
  },
  table: ({ node: _node, ...props }) => (
    <div className="markdown__table-scroll">
      <table {...props} />
    </div>
  ),
};

const remarkPlugins = [remarkGfm, remarkHtmlAsText];
const rehypePlugins = [rehypeImagesAsLinks, rehypeHighlightCode];

/** What a marked range of the source (a citation) renders as: its index in `marks` and its rendered text. */
export type RenderMark = (index: number, children: ReactNode) => ReactNode;

export type MarkdownProps = {
  text: string;
  /** Ranges of `text` (UTF-16 offsets) to render with `renderMark`: a reply's citations. */
  marks?: readonly SourceMark[];
  renderMark?: RenderMark;
};

/**
 * An assistant reply as Markdown (GFM: tables, lists, highlighted code), re-rendered as it streams. No raw
 * HTML ever reaches the page; links open in a new tab without opener or Referer; images are
 * links, never loaded by themselves; wide tables and code scroll inside the column so a phone
 * never scrolls sideways. `marks` over the source become what `renderMark` makes of them.
 */
export const Markdown = memo(function Markdown({ text, marks, renderMark }: MarkdownProps) {
  const marked = marks && marks.length > 0 && renderMark;
  const plugins = useMemo(
    () => (marked ? [...rehypePlugins, rehypeSourceMarks(text, marks)] : rehypePlugins),
    [marked, text, marks],
  );
  const withMarks = useMemo<Components>(
    () =>
      marked
        ? {
            ...components,
            span: ({ node: _node, children, ...props }) => {
              const index = (props as Record<string, unknown>)["data-mark"];
              return index === undefined ? <span {...props}>{children}</span> : renderMark(Number(index), children);
            },
          }
        : components,
    [marked, renderMark],
  );
  return (
    <div className="markdown">
      <ReactMarkdown remarkPlugins={remarkPlugins} rehypePlugins={plugins} components={withMarks}>
        {text}
      </ReactMarkdown>
    </div>
  );
});
