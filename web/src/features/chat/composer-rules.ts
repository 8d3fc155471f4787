/** docs/product.md §5: when the composer can be used. */
export function composerRules({
  text,
  loading,
  outOfRequests,
}: {
  text: string;
  loading: boolean;
  outOfRequests: boolean;
}) {
  return {
    /** Sending needs a text, no reply under way and a request left. */
    sendDisabled: text.trim() === "" || loading || outOfRequests,
    /** The text box waits while a reply is under way and when no requests are left. */
    inputDisabled: loading || outOfRequests,
  };
}

/** docs/product.md §4, §9: Enter sends, Shift+Enter breaks the line; a composition (IME) in progress is never sent. */
export const isSendKey = (event: { key: string; shiftKey: boolean; nativeEvent?: { isComposing?: boolean } }) =>
  event.key === "Enter" && !event.shiftKey && !event.nativeEvent?.isComposing;

/** docs/product.md §9: the text box grows up to about 117 px, then scrolls. */
export const COMPOSER_MAX_HEIGHT = 117;

/** What the file picker offers (the server judges the bytes anyway). */
export const ACCEPTED_FILES =
  "image/png,image/jpeg,image/webp,image/gif,application/pdf,.pdf,.doc,.docx,.txt,text/plain,audio/ogg,audio/webm,audio/mpeg,audio/mp4,audio/wav,.ogg,.opus,.webm,.mp3,.m4a,.wav";
