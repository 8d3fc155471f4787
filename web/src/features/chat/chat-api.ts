import { api } from "../../api/client";
import { markOutOfBandWrite } from "../../api/d1-bookmark";

/**
 * The calls of the chat view (docs/conversations.md) through the typed client. Each answers the
 * plain Response: the stream routes are read chunk by chunk, so the body is left to the caller.
 */

const topic = api.topics[":id"];
const asResponse = (call: Promise<unknown>) => call as Promise<Response>;
/**
 * A reply route: when it refuses after the topic session took the job, the session has already
 * given the request back in D1, out of this answer's bookmark (a stream's end is marked as it is read).
 */
const replyCall = (call: Promise<unknown>) =>
  asResponse(call).then((res) => {
    if (!res.ok) markOutOfBandWrite();
    return res;
  });
/** What the user chose to send to the model as is (docs/privacy.md), only when there is any. */
const keepField = (keep?: string[]) => (keep?.length ? { keep_as_is: keep } : {});
const withSignal = (signal?: AbortSignal) => (signal ? { init: { signal } } : undefined);

export const chatApi = {
  /** `POST /topics/start/stream/`: a new topic; the stream's first line is `topic_id: <id>`. */
  startTopic: (
    body: { text: string; attachments: number[]; assistantType: string; keepAsIs?: string[] },
    signal?: AbortSignal,
  ) =>
    replyCall(
      api.topics.start.stream.$post(
        // The Worker answers 422 for a mode it does not know.
        {
          json: {
            message: { text: body.text, attachments: body.attachments, ...keepField(body.keepAsIs) },
            assistant_type: body.assistantType as "explain_law",
          },
        },
        withSignal(signal),
      ),
    ),
  /** `POST /topics/{id}/message/stream/`: the next message of a topic. */
  sendMessage: (id: string, body: { text: string; attachments: number[]; keepAsIs?: string[] }, signal?: AbortSignal) =>
    replyCall(
      topic.message.stream.$post(
        {
          param: { id },
          json: {
            text: body.text,
            ...(body.attachments.length ? { attachments: body.attachments } : {}),
            ...keepField(body.keepAsIs),
          },
        },
        withSignal(signal),
      ),
    ),
  /** `GET /topics/{id}/stream/`: the reply in flight (200, the text so far then live) or 204. */
  resume: (id: string, signal?: AbortSignal) => asResponse(topic.stream.$get({ param: { id } }, withSignal(signal))),
  /** `POST /topics/{id}/messages/{messageId}/feedback`: 👍/👎 on a reply, with an optional comment. */
  rate: (id: string, messageId: number, rating: "up" | "down", comment?: string) =>
    topic.messages[":messageId"].feedback.$post({
      param: { id, messageId: String(messageId) },
      json: comment ? { rating, comment } : { rating },
    }),
  /** `DELETE` of the same: the rating is taken back. */
  unrate: (id: string, messageId: number) =>
    topic.messages[":messageId"].feedback.$delete({ param: { id, messageId: String(messageId) } }),
  /** `POST /topics/{id}/messages/{messageId}/regenerate/stream/`: another reply to the same question. */
  regenerate: (id: string, messageId: number) =>
    replyCall(topic.messages[":messageId"].regenerate.stream.$post({ param: { id, messageId: String(messageId) } })),
  /** `POST /topics/{id}/messages/{messageId}/edit/stream/`: a new version of a question and its reply. */
  edit: (id: string, messageId: number, text: string) =>
    replyCall(
      topic.messages[":messageId"].edit.stream.$post({ param: { id, messageId: String(messageId) }, json: { text } }),
    ),
  /** `POST /topics/{id}/continue/stream/`: the cut reply, whole, then the rest. */
  continueReply: (id: string) => replyCall(topic.continue.stream.$post({ param: { id } })),
  /** `PUT /topics/{id}/branch`: the branch through a message; answers the new history. */
  switchBranch: (id: string, messageId: number) =>
    topic.branch.$put({ param: { id }, json: { message_id: messageId } }),
  /** `POST /topics/{id}/stop`: ends the reply in flight, keeping what was said. */
  stop: (id: string) => asResponse(topic.stop.$post({ param: { id } })),
  /** `POST /attachments/{id}/transcribe/`: a voice recording's text `{text, demo}`. */
  transcribe: (attachmentId: number) =>
    api.attachments[":id"].transcribe.$post({ param: { id: String(attachmentId) } }),
  /** `POST /attachments/upload/` with the field `file`: 201 `{attachment_id, ...}`. */
  upload: (file: File, signal?: AbortSignal) => api.attachments.upload.$post({ form: { file } }, withSignal(signal)),
  /** `GET /limits/`. */
  limits: () => asResponse(api.limits.$get()),
};
