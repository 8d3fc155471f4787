import bash from "highlight.js/lib/languages/bash";
import css from "highlight.js/lib/languages/css";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import markdown from "highlight.js/lib/languages/markdown";
import python from "highlight.js/lib/languages/python";
import sql from "highlight.js/lib/languages/sql";
import typescript from "highlight.js/lib/languages/typescript";
import xml from "highlight.js/lib/languages/xml";
import yaml from "highlight.js/lib/languages/yaml";
import { createLowlight } from "lowlight";

// The languages replies are written in (their aliases come with them: js, ts, sh, html, yml, py…).
// Only these, not lowlight's forty "common" ones: they cost the chat page ~50 KiB gzip more
// (npm run bench -- bundle) for languages a Russian law and property assistant rarely writes.
const lowlight = createLowlight({ bash, css, javascript, json, markdown, python, sql, typescript, xml, yaml });

type Node = { type: string; tagName?: string; value?: string; properties?: Record<string, unknown>; children?: Node[] };

const textOf = (node: Node): string =>
  node.type === "text" ? (node.value ?? "") : (node.children ?? []).map(textOf).join("");

/** The language a fence named (`language-xxx` on its code element), if this app highlights it. */
function languageOf(code: Node): string | null {
  const classes = code.properties?.className;
  const name = Array.isArray(classes)
    ? classes.find((c): c is string => typeof c === "string" && c.startsWith("language-"))
    : undefined;
  const language = name?.slice("language-".length);
  return language && lowlight.registered(language) ? language : null;
}

/**
 * A rehype step: code in `pre` whose fence names a known language becomes hljs-classed spans
 * (coloured by markdown.css). Unnamed or unknown languages stay plain: guessing runs on every
 * streamed chunk and is often wrong.
 */
export function rehypeHighlightCode() {
  const walk = (node: Node) => {
    for (const child of node.children ?? []) {
      if (node.tagName === "pre" && child.type === "element" && child.tagName === "code") {
        const language = languageOf(child);
        if (!language) continue;
        const classes = Array.isArray(child.properties?.className) ? child.properties.className : [];
        child.properties = { ...child.properties, className: ["hljs", ...classes] };
        child.children = lowlight.highlight(language, textOf(child)).children as Node[];
      } else {
        walk(child);
      }
    }
  };
  return (tree: Node) => walk(tree);
}
