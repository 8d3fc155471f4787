import { Text, TextField } from "@radix-ui/themes";
import { useEffect, useRef, useState } from "react";
import type { Topic } from "../../stores/topics";
import { texts } from "../../texts";
import { renameTopic } from "./topic-actions";
import { useTopicMenu } from "./topic-menu";

/** The server's limit on a topic name (docs/conversations.md). */
export const TOPIC_NAME_MAX = 100;

/**
 * The topic's title as an input (SPEC.md §4): Enter submits, Escape cancels; on success the list
 * shows the new name and the menu closes. Leaving the field keeps a changed name, as Enter would
 * (or drops it after a refusal).
 */
export function RenameInput({ topic }: { topic: Topic }) {
  const close = useTopicMenu((s) => s.close);
  const [value, setValue] = useState(topic.topic_name ?? "");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const settled = useRef(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // The menu hands focus back to its trigger as it closes; take it after that.
    const frame = requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.select();
    });
    return () => cancelAnimationFrame(frame);
  }, []);

  const cancel = () => {
    settled.current = true;
    close();
  };

  const submit = async () => {
    const name = value.trim();
    if (saving) return;
    if (!name || name === (topic.topic_name ?? "").trim()) return cancel();
    setSaving(true);
    const result = await renameTopic(topic, name);
    setSaving(false);
    if ("error" in result) {
      setError(result.error);
      return;
    }
    settled.current = true;
    setValue("");
    close();
  };

  return (
    <div className="topic-item__rename">
      <TextField.Root
        ref={input}
        size="2"
        value={value}
        maxLength={TOPIC_NAME_MAX}
        disabled={saving}
        aria-label={texts.topicMenu.renameLabel}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter" && !event.nativeEvent.isComposing) {
            event.preventDefault();
            void submit();
          } else if (event.key === "Escape") {
            event.preventDefault();
            event.stopPropagation();
            cancel();
          }
        }}
        onBlur={() => {
          if (settled.current || saving) return;
          if (error) cancel();
          else void submit();
        }}
      />
      {error && (
        <Text as="p" size="1" color="red" role="alert" mt="1">
          {error}
        </Text>
      )}
    </div>
  );
}
