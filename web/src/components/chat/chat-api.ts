import { api } from "../../api/client";

/**
 * The calls of the chat view (docs/conversations.md), each answering the raw Response: the stream
 * routes are read chunk by chunk, so the body is left to the caller.
 */

type Init = { init?: RequestInit };
type Json<T> = { json: T };

// The conversation routes land with the Worker's sub-apps; until `AppType` carries them the client
// is typed here from the contract. The hono client builds the same URLs either way.
type ChatClient = {
  topics: {
    start: { stream: { $post: (args: Json<{ message: { text: string; attachments: number[] }; assistant_type: string }>, options?: Init) => Promise<Response> } };
    ":id": {
      message: { stream: { $post: (args: { param: { id: string } } & Json<{ text: string; attachments?: number[] }>, options?: Init) => Promise<Response> } };
      stream: { $get: (args: { param: { id: string } }, options?: Init) => Promise<Response> };
      history: { $get: (args: { param: { id: string } }, options?: Init) => Promise<Response> };
      stop: { $post: (args: { param: { id: string } }) => Promise<Response> };
    };
  };
  attachments: { upload: { $post: (args: { form: { file: File } }, options?: Init) => Promise<Response> } };
  limits: { $get: () => Promise<Response> };
};
const client = () => api as unknown as ChatClient;

const withSignal = (signal?: AbortSignal): Init | undefined => (signal ? { init: { signal } } : undefined);

export const chatApi = {
  /** `POST /topics/start/stream/`: a new topic; the stream's first line is `topic_id: <id>`. */
  startTopic: (body: { text: string; attachments: number[]; assistantType: string }, signal?: AbortSignal) =>
    client().topics.start.stream.$post(
      { json: { message: { text: body.text, attachments: body.attachments }, assistant_type: body.assistantType } },
      withSignal(signal),
    ),
  /** `POST /topics/{id}/message/stream/`: the next message of a topic. */
  sendMessage: (id: string, body: { text: string; attachments: number[] }, signal?: AbortSignal) =>
    client().topics[":id"].message.stream.$post(
      { param: { id }, json: body.attachments.length ? body : { text: body.text } },
      withSignal(signal),
    ),
  /** `GET /topics/{id}/stream/`: the reply in flight (200, the text so far then live) or 204. */
  resume: (id: string, signal?: AbortSignal) => client().topics[":id"].stream.$get({ param: { id } }, withSignal(signal)),
  /** `GET /topics/{id}/history/`: Message[] oldest first. */
  history: (id: string, signal?: AbortSignal) => client().topics[":id"].history.$get({ param: { id } }, withSignal(signal)),
  /** `POST /topics/{id}/stop`: ends the reply in flight, keeping what was said. */
  stop: (id: string) => client().topics[":id"].stop.$post({ param: { id } }),
  /** `POST /attachments/upload/` with the field `file`: 201 `{attachment_id, ...}`. */
  upload: (file: File, signal?: AbortSignal) => client().attachments.upload.$post({ form: { file } }, withSignal(signal)),
  /** `GET /limits/`. */
  limits: () => client().limits.$get(),
};
