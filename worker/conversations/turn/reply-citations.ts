import { lawDb } from "../../db/law";
import type { Env } from "../../env";
import { logEvent } from "../../http/log";
import { moscowToday } from "../../law/services/articles";
import { resolveCitations } from "../../law/services/citations";
import type { ReplyCitations } from "../services/messages";

const NONE: ReplyCitations = { citations: null, citationsDate: null };

/**
 * A reply's citations resolved at save time (docs/law.md "Every citation checked"), at `lawDate` (the date the
 * question named) or today in Moscow. The library failing costs the reply its citations, never the reply.
 */
export async function replyCitations(
  env: Env,
  topicId: number,
  text: string,
  lawDate?: string,
): Promise<ReplyCitations> {
  const date = lawDate ?? moscowToday();
  try {
    const citations = await resolveCitations(lawDb(env.LAW_DB), text, date);
    return citations.length ? { citations, citationsDate: date } : NONE;
  } catch (err) {
    logEvent("error", "resolving the reply's citations failed", { topic_id: topicId, err });
    return NONE;
  }
}
