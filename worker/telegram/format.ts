// The model's Markdown as Telegram's HTML (parse_mode "HTML": b, i, code, pre, a), in messages of at
// most Telegram's 4096 characters. Tables become preformatted text: Telegram has no table markup.

export const MESSAGE_LIMIT = 4096;

type Block = { kind: "pre"; lang: string; lines: string[] } | { kind: "line"; text: string };

export const escapeHtml = (s: string) => s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** Fenced code (an unclosed fence runs to the end, as while a reply streams) and tables as `pre`; other lines as is. */
function blocksOf(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.replaceAll("\r\n", "\n").split("\n");
  for (let i = 0; i < lines.length; i++) {
    const fence = /^\s*```\s*([\w+-]*)/.exec(lines[i]!);
    if (fence) {
      const code: string[] = [];
      for (i++; i < lines.length && !/^\s*```\s*$/.test(lines[i]!); i++) code.push(lines[i]!);
      blocks.push({ kind: "pre", lang: fence[1] ?? "", lines: code });
    } else if (/^\s*\|.*\|\s*$/.test(lines[i]!)) {
      const table: string[] = [];
      for (; i < lines.length && /^\s*\|.*\|\s*$/.test(lines[i]!); i++) table.push(lines[i]!.trim());
      i--;
      blocks.push({ kind: "pre", lang: "", lines: table.filter((row) => !/^\|[\s|:-]+\|$/.test(row)) });
    } else blocks.push({ kind: "line", text: lines[i]! });
  }
  return blocks;
}

/** Inline Markdown of one line: `code`, **bold**, *italic*, [links](https://…); the rest escaped. */
export function inlineHtml(text: string): string {
  const parts = text.split(/(`[^`\n]+`)/);
  return parts
    .map((part, i) => {
      if (i % 2 === 1) return `<code>${escapeHtml(part.slice(1, -1))}</code>`;
      return escapeHtml(part)
        .replace(/\[([^\]\n]+)\]\((https?:\/\/[^\s)"]+)\)/g, '<a href="$2">$1</a>')
        .replace(/\*\*(?=\S)(.+?)\*\*/g, "<b>$1</b>")
        .replace(/__(?=\S)(.+?)__/g, "<b>$1</b>")
        .replace(/(^|[^*\w])\*(?=\S)([^*\n]+?)\*(?!\w)/g, "$1<i>$2</i>");
    })
    .join("");
}

function lineHtml(line: string): string {
  const heading = /^\s{0,3}#{1,6}\s+(.*)$/.exec(line);
  if (heading) return `<b>${inlineHtml(heading[1]!.replace(/\s#+\s*$/, ""))}</b>`;
  const bullet = /^(\s*)[-*+]\s+(.*)$/.exec(line);
  if (bullet) return `${bullet[1]}• ${inlineHtml(bullet[2]!)}`;
  return inlineHtml(line);
}

const preHtml = (lang: string, lines: string[]) => {
  const code = escapeHtml(lines.join("\n"));
  return lang ? `<pre><code class="language-${lang}">${code}</code></pre>` : `<pre>${code}</pre>`;
};

/** Pieces small enough to fit one message once rendered: long code split by lines, long lines by words. */
function fitting(block: Block, room: number): Block[] {
  if (block.kind === "pre") {
    if (preHtml(block.lang, block.lines).length <= room || block.lines.length <= 1)
      return block.lines.length <= 1 && preHtml(block.lang, block.lines).length > room
        ? cutText(block.lines[0] ?? "", room / 2).map((l) => ({ kind: "pre", lang: block.lang, lines: [l] }))
        : [block];
    const half = Math.ceil(block.lines.length / 2);
    return [
      ...fitting({ ...block, lines: block.lines.slice(0, half) }, room),
      ...fitting({ ...block, lines: block.lines.slice(half) }, room),
    ];
  }
  if (lineHtml(block.text).length <= room) return [block];
  return cutText(block.text, room / 2).map((text) => ({ kind: "line", text }));
}

/** A long text in pieces of at most `size` characters, cut at a space where there is one. */
function cutText(text: string, size: number): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > size) {
    const space = rest.lastIndexOf(" ", size);
    const at = space > size / 2 ? space : Math.floor(size);
    pieces.push(rest.slice(0, at));
    rest = rest.slice(at).trimStart();
  }
  pieces.push(rest);
  return pieces;
}

/** The reply as Telegram HTML messages, each at most `limit` characters. */
export function toTelegramHtml(markdown: string, limit = MESSAGE_LIMIT): string[] {
  const messages: string[] = [];
  let current = "";
  for (const block of blocksOf(markdown.trim()).flatMap((b) => fitting(b, limit))) {
    const html = block.kind === "pre" ? preHtml(block.lang, block.lines) : lineHtml(block.text);
    // A message does not start with the blank line that ended the one before.
    if (!current && !html.trim()) continue;
    const joined = current ? `${current}\n${html}` : html;
    if (joined.length <= limit) current = joined;
    else {
      if (current.trim()) messages.push(current);
      current = html;
    }
  }
  if (current.trim()) messages.push(current);
  return messages.length > 0 ? messages : [""];
}
