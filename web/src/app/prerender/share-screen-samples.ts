import type { ShareScreenData } from "../../../../worker/conversations/share-screen-data";

const attachments = (base: number) => [
  {
    id: base,
    filename: "план.png",
    content_type: "image" as const,
    mime_type: "image/png",
    size: 1024,
    url: `/api/v2/share/sample/attachments/${base}`,
  },
  {
    id: base + 1,
    filename: "вопрос.webm",
    content_type: "audio" as const,
    mime_type: "audio/webm",
    size: 2048,
    url: `/api/v2/share/sample/attachments/${base + 1}`,
  },
  {
    id: base + 2,
    filename: "договор.pdf",
    content_type: "document" as const,
    mime_type: "application/pdf",
    size: 4096,
    url: `/api/v2/share/sample/attachments/${base + 2}`,
  },
];

const MARKDOWN = [
  "# Заголовок 1",
  "## Заголовок 2",
  "### Заголовок 3",
  "#### Заголовок 4",
  "##### Заголовок 5",
  "###### Заголовок 6",
  "Абзац с **жирным**, *курсивом*, ~~зачёркнутым~~, `кодом` и [ссылкой](https://example.ru), " +
    "![картинка](https://example.ru/a.png).",
  "- пункт\n  - вложенный\n- [x] задача\n- [ ] ещё одна",
  "1. первый\n2. второй",
  "> цитата",
  '```json\n{ "a": 1, "b": "два", "c": true, "d": null }\n```',
  "```\nбез языка\n```",
  "| Что | Значение |\n|:---|---:|\n| а | б |",
  "---",
  "<b>разметка как текст</b>",
].join("\n\n");

/**
 * Conversations that show every part a shared message can have (both roles, attachments of each
 * kind, every Markdown element, a cut reply, a model's name; no messages; no title, an unknown
 * mode): the build renders them into a share page to find the rules of the app's styles its first
 * screen can use (web/build/prerender-pages.ts), since the Worker fills that screen later.
 */
export const SHARE_SCREEN_SAMPLES: ShareScreenData[] = [
  {
    hash: "sample-every-part",
    products: [
      {
        id: 1,
        assistant_type: "gpt",
        title: "Общий чат",
        description: "",
        model: "default",
        model_title: "Ясно · Общий чат",
        active: true,
      },
    ],
    history: {
      topic_name: "Пример",
      assistant_type: "gpt",
      messages: [
        {
          id: 1,
          role: "user",
          text: "Вопрос",
          state: "complete",
          model: null,
          created_at: "2026-01-01T00:00:00.000Z",
          attachments: attachments(10),
          citations: [],
          citations_date: null,
        },
        {
          id: 2,
          role: "assistant",
          text: MARKDOWN,
          state: "complete",
          model: "demo",
          created_at: "2026-01-01T00:00:01.000Z",
          attachments: attachments(20),
          citations: [],
          citations_date: null,
        },
        {
          id: 3,
          role: "assistant",
          text: "Обрыв",
          state: "partial",
          model: null,
          created_at: "2026-01-01T00:00:02.000Z",
          attachments: [],
          citations: [],
          citations_date: null,
        },
      ],
    },
  },
  { hash: "sample-empty", products: [], history: { topic_name: null, assistant_type: "unknown", messages: [] } },
];
