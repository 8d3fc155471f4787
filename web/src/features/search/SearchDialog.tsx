import { MagnifyingGlassIcon } from "@radix-ui/react-icons";
import { Badge, Dialog, Flex, Text, TextField, VisuallyHidden } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { searchTexts } from "../../ui/texts/search";
import { ModeIcon } from "../modes/ModeIcon";
import { useSearch } from "./search-state";
import { useSearchHits } from "./search-queries";
import { snippetParts } from "./snippet";
import "./search.css";

const t = searchTexts;
/** How long typing must pause before a search is asked for, ms. */
const TYPING_PAUSE_MS = 250;

const dateOf = (iso: string) => new Intl.DateTimeFormat("ru-RU").format(new Date(iso));

type Hit = NonNullable<ReturnType<typeof useSearchHits>["data"]>[number];

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

function Results({ q, onOpen }: { q: string; onOpen: (hit: Hit) => void }) {
  const { data, error, isFetching } = useSearchHits(q);
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
  if (!data) return null;
  if (data.length === 0 && !isFetching)
    return (
      <Text size="2" color="gray" role="status">
        {t.nothing}
      </Text>
    );
  return (
    <ul className="search-results" aria-label={t.title} data-testid="search-results">
      {data.map((hit) => (
        <li key={`${hit.topic_id}:${hit.message_id}`}>
          <button type="button" className="search-hit" data-testid="search-hit" onClick={() => onOpen(hit)}>
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
              {hit.message_id === null && (
                <Badge size="1" color="indigo" variant="soft">
                  {t.inName}
                </Badge>
              )}
              <Text size="1" color="gray" className="search-hit__date">
                {dateOf(hit.created_at)}
              </Text>
            </Flex>
            {hit.message_id !== null && <Snippet snippet={hit.snippet} />}
          </button>
        </li>
      ))}
    </ul>
  );
}

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

  const openHit = (hit: Hit) => {
    setOpen(false);
    navigate(hitPath(hit, q || typed.trim()));
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
            onChange={(e) => setTyped(e.target.value)}
          >
            <TextField.Slot>
              <MagnifyingGlassIcon />
            </TextField.Slot>
          </TextField.Root>
          <Results q={q} onOpen={openHit} />
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
