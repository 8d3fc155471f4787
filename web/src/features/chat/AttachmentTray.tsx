import { Cross2Icon, ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { Flex, IconButton, Spinner, Text } from "@radix-ui/themes";
import { Hint } from "../../ui/Hint";
import type { DraftAttachment } from "./draft-files";
import { chatTexts } from "../../ui/texts/chat";
import { FileChip } from "./FileChip";

function ImageThumb({ draft, onRemove }: { draft: DraftAttachment; onRemove: () => void }) {
  const thumb = (
    <div
      className={`draft-thumb${draft.error ? " draft-thumb--error" : ""}`}
      data-testid="image-thumb"
      aria-busy={draft.state === "uploading" || undefined}
    >
      {draft.previewUrl ? (
        <img src={draft.previewUrl} alt={draft.file.name} />
      ) : (
        <span className="draft-thumb__name">{draft.file.name}</span>
      )}
      {draft.state === "uploading" && (
        <span className="draft-thumb__overlay" role="status" aria-label={chatTexts.uploading}>
          <Spinner size="2" />
        </span>
      )}
      {draft.error && (
        <span className="draft-thumb__overlay draft-thumb__overlay--error">
          <ExclamationTriangleIcon width="18" height="18" aria-hidden />
        </span>
      )}
      <IconButton
        type="button"
        size="1"
        radius="full"
        variant="solid"
        color="gray"
        highContrast
        className="draft-thumb__remove"
        aria-label={`${chatTexts.removeAttachment} ${draft.file.name}`}
        onClick={onRemove}
      >
        <Cross2Icon width="12" height="12" />
      </IconButton>
    </div>
  );
  return draft.error ? <Hint content={draft.error}>{thumb}</Hint> : thumb;
}

/** The files attached to the message being written: image thumbnails and document chips, each removable. */
export function AttachmentTray({
  attachments,
  onRemove,
}: {
  attachments: DraftAttachment[];
  onRemove: (key: string) => void;
}) {
  if (attachments.length === 0) return null;
  const errors = attachments.filter((a) => a.kind === "image" && a.error);
  return (
    <Flex direction="column" gap="2" className="attachment-tray" data-testid="attachment-tray">
      <Flex gap="2" wrap="wrap" align="center">
        {attachments.map((draft) =>
          draft.kind === "image" ? (
            <ImageThumb key={draft.key} draft={draft} onRemove={() => onRemove(draft.key)} />
          ) : (
            <FileChip
              key={draft.key}
              filename={draft.file.name}
              size={draft.file.size}
              uploading={draft.state === "uploading" || draft.transcribing}
              busyText={draft.transcribing ? chatTexts.voice.transcribing : undefined}
              error={draft.error}
              onRemove={() => onRemove(draft.key)}
            />
          ),
        )}
      </Flex>
      {/* A thumbnail has no room for the reason: it is said under the tray, per file. */}
      {errors.map((draft) => (
        <Text key={draft.key} size="1" color="red" role="alert">
          {draft.file.name}: {draft.error}
        </Text>
      ))}
    </Flex>
  );
}
