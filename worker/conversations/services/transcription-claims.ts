import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { HistoryDb } from "../../db/history";
import { attachments } from "../../db/history-schema";

// One call to speech-to-text per recording, however many asks arrive at once and in whichever
// isolate (docs/conversations.md "Voice"): the first ask claims the recording in its row with one
// conditional update, the others wait for the transcript it stores.

/** Past this, a claim is taken for dead (its Worker stopped) and the next ask may call again. */
export const CLAIM_STALE_MS = 2 * 60 * 1000;

/** Takes the recording for this call; false when another call is transcribing it or it has its transcript. */
export async function claimTranscription(db: HistoryDb, attachmentId: number): Promise<boolean> {
  const now = Date.now();
  const claimed = await db
    .update(attachments)
    .set({ transcribingSince: now })
    .where(
      and(
        eq(attachments.id, attachmentId),
        isNull(attachments.extractedText),
        or(isNull(attachments.transcribingSince), lt(attachments.transcribingSince, now - CLAIM_STALE_MS)),
      ),
    )
    .returning({ id: attachments.id });
  return claimed.length > 0;
}

/** Lets the next ask call the service again (this one failed or heard nothing). */
export async function releaseTranscription(db: HistoryDb, attachmentId: number): Promise<void> {
  await db.update(attachments).set({ transcribingSince: null }).where(eq(attachments.id, attachmentId));
}

/** Keeps the transcript; the claim stays as the time it was made. */
export async function saveTranscript(db: HistoryDb, attachmentId: number, text: string): Promise<void> {
  await db.update(attachments).set({ extractedText: text }).where(eq(attachments.id, attachmentId));
}
