import { Cross2Icon, FileTextIcon } from "@radix-ui/react-icons";
import { Flex, IconButton, Spinner, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { chatTexts } from "../../ui/texts/chat";
import { fileBadge, formatSize } from "./files";

type FileChipProps = {
  filename: string;
  size?: number;
  /** Opens the file (a message's attachment). */
  href?: string | null;
  uploading?: boolean;
  /** What the spinner is waiting for, when not the upload ("Расшифровываем запись…"). */
  busyText?: string;
  error?: string | null;
  onRemove?: () => void;
};

/** A document as a chip: type icon, name, size and type; removable in the composer, a link in a message. */
export function FileChip({ filename, size, href, uploading, busyText, error, onRemove }: FileChipProps) {
  const details = [fileBadge(filename), size != null ? formatSize(size) : null].filter(Boolean).join(" · ");
  const body: ReactNode = (
    <Flex align="center" gap="2" minWidth="0">
      <span className="file-chip__icon" aria-hidden>
        {uploading ? <Spinner size="2" /> : <FileTextIcon width="18" height="18" />}
      </span>
      <Flex direction="column" minWidth="0">
        <Text size="2" weight="medium" truncate title={filename}>
          {filename}
        </Text>
        <Text size="1" color={error ? "red" : "gray"} className="file-chip__details">
          {error ?? (uploading ? (busyText ?? chatTexts.uploading) : details)}
        </Text>
      </Flex>
    </Flex>
  );
  return (
    <Flex
      align="center"
      gap="1"
      className={`file-chip${error ? " file-chip--error" : ""}`}
      data-testid="file-chip"
      aria-busy={uploading || undefined}
    >
      {href ? (
        <a href={href} target="_blank" rel="noopener noreferrer" className="file-chip__link">
          {body}
        </a>
      ) : (
        body
      )}
      {onRemove && (
        <IconButton
          type="button"
          size="1"
          variant="ghost"
          color="gray"
          radius="full"
          aria-label={`${chatTexts.removeAttachment} ${filename}`}
          onClick={onRemove}
        >
          <Cross2Icon />
        </IconButton>
      )}
    </Flex>
  );
}
