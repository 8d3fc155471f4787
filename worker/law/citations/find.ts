import { type ActMention, findActMentions } from "./act-mentions";
import { readGroup } from "./group";
import { GROUP, NOT_A_NORM } from "./patterns";

/** One reference to a norm as written in a text (docs/law.md "Finding citations"). */
export interface FoundCitation {
  /** The citation as written: the group from its first qualifier to the act's name, if the act follows it. */
  text: string;
  start: number;
  end: number;
  /** The act's short name from worker/law/acts.ts, or its name as written where the table does not know it. */
  act: string;
  /** The article's number («1062.1»); absent where a law is cited as a whole («Федеральный закон … № 218-ФЗ»). */
  article?: string;
  part?: string;
  point?: string;
  subpoint?: string;
}

const GROUP_PATTERN = new RegExp(GROUP, "giu");
const NOT_A_NORM_PATTERN = new RegExp(NOT_A_NORM, "iu");
const SENTENCE_END = /\n|(?<![\s(]\p{Ll}{1,3})[.!?…]\s+(?=\p{Lu})/u;
const GAP = /^\s*$/u;

interface Group {
  start: number;
  end: number;
  text: string;
  mention?: ActMention;
}

/** Every citation of a norm in `text`, in order; a group of several articles gives one item per article. */
export function findCitations(text: string): FoundCitation[] {
  const mentions = findActMentions(text);
  const groups: Group[] = [];
  for (const m of text.matchAll(GROUP_PATTERN)) {
    const end = m.index + m[0].length;
    if (NOT_A_NORM_PATTERN.test(text.slice(end, end + 40))) continue;
    const mention = mentions.find((x) => x.start >= end && GAP.test(text.slice(end, x.start)));
    groups.push({ start: m.index, end, text: m[0], mention });
  }
  const attached = new Set(groups.flatMap((group) => (group.mention ? [group.mention] : [])));
  const context = contextActs(mentions, attached);
  const found: FoundCitation[] = [];
  for (const group of groups) {
    const around = group.mention ? undefined : actAround(text, group, context);
    // A law named after its articles in the same sentence is part of their citation, not one of its own.
    if (around?.after) attached.add(around.mention);
    const act = group.mention ? group.mention.act : around?.mention.act;
    if (!act) continue;
    const end = group.mention?.act ? group.mention.end : group.end;
    found.push(...items(text.slice(group.start, end), group.start, end, act));
  }
  for (const mention of mentions) {
    if (mention.kind === "law" && !attached.has(mention)) {
      found.push({
        text: text.slice(mention.start, mention.end),
        start: mention.start,
        end: mention.end,
        act: mention.act,
      });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/**
 * The mentions that can name the act of a group around them, with «Закона»/«Кодекса» resolved to the act named
 * before: codes and laws named in full, and abbreviations right after an article.
 */
function contextActs(mentions: ActMention[], attached: Set<ActMention>): ActMention[] {
  const out: ActMention[] = [];
  let last: string | undefined;
  for (const mention of mentions) {
    if (mention.kind === "back") {
      mention.act = attached.has(mention) ? (last ?? "") : "";
    }
    if (mention.act && (mention.kind === "code" || mention.kind === "law" || attached.has(mention))) {
      out.push(mention);
      last = mention.act;
    }
  }
  return out;
}

/** A group with no act after it: the act named next in its sentence («статье 450 и статьям 309–310 ГК»), else before. */
function actAround(text: string, group: Group, context: ActMention[]) {
  const next = context.find((x) => x.start >= group.end);
  if (next && !SENTENCE_END.test(text.slice(group.end, next.start))) return { mention: next, after: true };
  const before = context.filter((x) => x.end <= group.start).pop();
  return before && { mention: before, after: false };
}

function items(text: string, start: number, end: number, act: string): FoundCitation[] {
  const { articles, parts, points, subpoints } = readGroup(text);
  const out: FoundCitation[] = [];
  for (const article of articles) {
    for (const part of orOne(parts)) {
      for (const point of orOne(points)) {
        for (const subpoint of orOne(subpoints)) {
          out.push({
            text,
            start,
            end,
            act,
            article,
            ...(part && { part }),
            ...(point && { point }),
            ...(subpoint && { subpoint }),
          });
        }
      }
    }
  }
  return out;
}

const orOne = (list: string[]): (string | undefined)[] => (list.length ? list : [undefined]);
