import { MagnifyingGlassIcon } from "@radix-ui/react-icons";
import { Badge, Dialog, Flex, Text, TextField, VisuallyHidden } from "@radix-ui/themes";
import { type KeyboardEvent, useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { searchTexts } from "../../ui/texts/search";
import { ModeIcon } from "../modes/ModeIcon";
import { useSearch } from "./search-state";
import { useSearchHits } from "./search-queries";
import { snippetParts } from "./snippet";
import { type Hit, oneRowPerChat, type SearchRow } from "./search-rows";
import { browserTimeZone } from "../topics/topics-queries";
import { dateLabel, dayInZone } from "../topics/date-label";
import { useToday } from "../topics/use-today";
import "./search.css";

const t = searchTexts;
/** How long typing must pause before a search is asked for, ms. */
const TYPING_PAUSE_MS = 250;

/** A hit's day as the sidebar says it: «Сегодня», «Вчера», the weekday, else dd.mm.yyyy. */
const dayOf = (iso: string, now: Date) => {
  const zone = browserTimeZone();
  return dateLabel(dayInZone(new Date(iso), zone), now, zone);
};

/** Where a hit opens: its chat, scrolled to the message, with the words to highlight. */
export const hitPath = (hit: Hit, q: string) => {
  const params = new URLSearchParams({ q });
  if (hit.message_id !== null) params.set("m", String(hit.message_id));
  if (hit.words.length > 0) params.set("w", hit.words.join(" "));
  return `/chat/${hit.topic_id}?${params}`;
};

function Snippet({ snippet }: { snippet: string }) {
  return (
    <Text as="p" size="2" color="gray" className="search-hit__snippet">
      {snippetParts(snippet).map((part) =>
        part.mark ? <mark key={part.at}>{part.text}</mark> : <span key={part.at}>{part.text}</span>,
      )}
    </Text>
  );
}

type ResultsProps = {
  q: string;
  rows: SearchRow[] | undefined;
  error: Error | null;
  loading: boolean;
  selected: number;
  onSelect: (index: number) => void;
  onOpen: (hit: Hit) => void;
};

function Results({ q, rows, error, loading, selected, onSelect, onOpen }: ResultsProps) {
  const now = useToday(browserTimeZone());
  if (!q.trim())
    return (
      <Text size="2" color="gray">
        {t.hint}
      </Text>
    );
  if (error)
    return (
      <Text size="2" color="red" role="alert">
        {error.message}
      </Text>
    );
  if (!rows) return null;
  if (rows.length === 0 && !loading)
    return (
      <Text size="2" color="gray" role="status">
        {t.nothing}
      </Text>
    );
  return (
    <div className="search-results" aria-label={t.title} data-testid="search-results" role="listbox" id={LIST_ID}>
      {rows.map(({ hit, inName, snippet }, index) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents: the field holds the keyboard (↑/↓, Enter): the rows are its options.
        <div
          key={hit.topic_id}
          tabIndex={-1}
          id={optionId(index)}
          role="option"
          aria-selected={index === selected}
          className="search-hit"
          data-testid="search-hit"
          onClick={() => onOpen(hit)}
          onPointerMove={() => index !== selected && onSelect(index)}
        >
          <Flex align="center" gap="2">
            <ModeIcon mode={hit.assistant_type} size={14} />
            <Text size="2" weight="medium" truncate>
              {hit.topic_name || t.untitled}
            </Text>
            {hit.status === "archived" && (
              <Badge size="1" color="gray">
                {t.archived}
              </Badge>
            )}
            {inName && (
              <Badge size="1" color="indigo" variant="soft">
                {t.inName}
              </Badge>
            )}
            <Text size="1" color="gray" className="search-hit__date" data-testid="search-hit-date">
              {dayOf(hit.created_at, now)}
            </Text>
          </Flex>
          {snippet && <Snippet snippet={snippet} />}
        </div>
      ))}
    </div>
  );
}

const LIST_ID = "search-results";
const optionId = (index: number) => `search-hit-${index}`;

/** The search window: a field, the hits as the user types, a hit opens its chat at the message. */
export function SearchDialog() {
  const open = useSearch((s) => s.open);
  const setOpen = useSearch((s) => s.setOpen);
  const navigate = useNavigate();
  const [typed, setTyped] = useState("");
  const [q, setQ] = useState("");

  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const { data, error, isFetching } = useSearchHits(q);
  const rows = useMemo(() => (data ? oneRowPerChat(data) : undefined), [data]);
  // The first row is picked whenever the rows change; ↑/↓ move the pick, Enter opens it.
  const [picked, setPicked] = useState({ rows, index: 0 });
  const selected = picked.rows === rows ? picked.index : 0;
  const select = (index: number) => setPicked({ rows, index });

  const openHit = (hit: Hit) => {
    setOpen(false);
    navigate(hitPath(hit, q || typed.trim()));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!rows || rows.length === 0 || event.nativeEvent.isComposing) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const next = (selected + (event.key === "ArrowDown" ? 1 : rows.length - 1)) % rows.length;
      select(next);
      document.getElementById(optionId(next))?.scrollIntoView?.({ block: "nearest" });
    } else if (event.key === "Enter") {
      event.preventDefault();
      const row = rows[selected];
      if (row) openHit(row.hit);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Content maxWidth="640px" className="search-dialog" aria-describedby={undefined}>
        <VisuallyHidden>
          <Dialog.Title>{t.title}</Dialog.Title>
        </VisuallyHidden>
        <Flex direction="column" gap="3">
          <TextField.Root
            size="3"
            autoFocus
            aria-label={t.label}
            placeholder={t.placeholder}
            value={typed}
            maxLength={200}
            role="combobox"
            aria-expanded={!!rows && rows.length > 0}
            aria-controls={LIST_ID}
            aria-activedescendant={rows && rows.length > 0 ? optionId(selected) : undefined}
            onChange={(e) => setTyped(e.target.value)}
            onKeyDown={onKeyDown}
          >
            <TextField.Slot>
              <MagnifyingGlassIcon />
            </TextField.Slot>
          </TextField.Root>
          <Results
            q={q}
            rows={rows}
            error={error}
            loading={isFetching}
            selected={selected}
            onSelect={select}
            onOpen={openHit}
          />
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
