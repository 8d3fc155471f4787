import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { composerRules, isSendKey } from "../../web/src/features/chat/composer-rules";
import { attachmentKind } from "../../web/src/features/chat/files";
import { useDraftFiles } from "../../web/src/features/chat/draft-files";
import { cacheLimits } from "./billing-fakes";
import { useSettings } from "../../web/src/features/account/settings-store";
import { fakeChatApi, json, limits, replyStream } from "./chat-fakes";
import { disclaimersSettled, renderChat, resetStores, signIn } from "./chat-render";

const ONE_DOCUMENT =
  "Вы можете прикрепить только один документ. Возможность загрузки нескольких документов станет доступна в " +
  "ближайшее время.";

const textbox = () => screen.getByRole("textbox", { name: "Сообщение" }) as HTMLTextAreaElement;
const sendButton = () => screen.getByRole("button", { name: "Отправить" }) as HTMLButtonElement;
const fileInput = () => screen.getByTestId("composer-file-input") as HTMLInputElement;
const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });
const attach = (...files: File[]) => fireEvent.change(fileInput(), { target: { files } });

/** The Worker for a new chat: limits, products, uploads numbered from 11, a stream held open by the test. */
function server(options: { available?: number; upload?: (form: FormData) => Response } = {}) {
  let nextId = 11;
  const reply = replyStream();
  const api = fakeChatApi({
    "GET /limits": () => json(limits(options.available ?? 5)),
    "GET /products": () =>
      json([{ assistant_type: "explain_law", title: "Юрист", description: "Право", model: "default" }]),
    "POST /attachments/upload": (call) =>
      options.upload?.(call.form!) ??
      json(
        {
          attachment_id: nextId++,
          filename: (call.form!.get("file") as File).name,
          content_type: "document",
          mime_type: "application/pdf",
          size: 10,
        },
        201,
      ),
    "POST /topics/start/stream": () => reply.response(),
  });
  return { ...api, reply };
}

beforeEach(() => {
  resetStores();
  signIn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("composer rules (docs/product.md §5)", () => {
  it("send is disabled for an empty text, while loading and with no requests; the box only for the last two", () => {
    expect(composerRules({ text: "", loading: false, outOfRequests: false })).toEqual({
      sendDisabled: true,
      inputDisabled: false,
    });
    expect(composerRules({ text: "   \n", loading: false, outOfRequests: false })).toEqual({
      sendDisabled: true,
      inputDisabled: false,
    });
    expect(composerRules({ text: "Вопрос", loading: false, outOfRequests: false })).toEqual({
      sendDisabled: false,
      inputDisabled: false,
    });
    expect(composerRules({ text: "Вопрос", loading: true, outOfRequests: false })).toEqual({
      sendDisabled: true,
      inputDisabled: true,
    });
    expect(composerRules({ text: "Вопрос", loading: false, outOfRequests: true })).toEqual({
      sendDisabled: true,
      inputDisabled: true,
    });
  });

  it("Enter sends, Shift+Enter does not, nor does Enter while composing", () => {
    expect(isSendKey({ key: "Enter", shiftKey: false })).toBe(true);
    expect(isSendKey({ key: "Enter", shiftKey: true })).toBe(false);
    expect(isSendKey({ key: "Enter", shiftKey: false, nativeEvent: { isComposing: true } })).toBe(false);
    expect(isSendKey({ key: "a", shiftKey: false })).toBe(false);
  });

  it("a file whose type starts with image/ is an image, everything else a document", () => {
    expect(attachmentKind({ type: "image/png" })).toBe("image");
    expect(attachmentKind({ type: "image/jpeg" })).toBe("image");
    expect(attachmentKind({ type: "image/svg+xml" })).toBe("image");
    expect(attachmentKind({ type: "application/pdf" })).toBe("document");
    expect(attachmentKind({ type: "text/plain" })).toBe("document");
    expect(attachmentKind({ type: "" })).toBe("document");
  });
});

describe("the composer", () => {
  it("has the placeholder; send is disabled until there is text", async () => {
    server();
    renderChat("/chat");
    expect(textbox().placeholder).toBe("Введите сообщение");
    expect(sendButton().disabled).toBe(true);
    fireEvent.change(textbox(), { target: { value: "   " } });
    expect(sendButton().disabled).toBe(true);
    fireEvent.change(textbox(), { target: { value: "Вопрос" } });
    expect(sendButton().disabled).toBe(false);
  });

  it("Enter sends the message; Shift+Enter leaves the line break to the text box", async () => {
    const api = server();
    renderChat("/chat");
    fireEvent.change(textbox(), { target: { value: "Первая строка" } });
    // Not prevented: the browser inserts the line break.
    expect(fireEvent.keyDown(textbox(), { key: "Enter", shiftKey: true })).toBe(true);
    expect(api.callsTo("POST", "/topics/start/stream")).toHaveLength(0);
    expect(textbox().value).toBe("Первая строка");

    expect(fireEvent.keyDown(textbox(), { key: "Enter" })).toBe(false);
    await waitFor(() => expect(api.callsTo("POST", "/topics/start/stream")).toHaveLength(1));
    expect(api.callsTo("POST", "/topics/start/stream")[0].body).toEqual({
      message: { text: "Первая строка", attachments: [] },
      assistant_type: "explain_law",
    });
  });

  it("Enter does not send without a signed-in token", async () => {
    const api = server();
    signIn(null);
    renderChat("/chat");
    fireEvent.change(textbox(), { target: { value: "Вопрос" } });
    fireEvent.keyDown(textbox(), { key: "Enter" });
    await act(async () => undefined);
    expect(api.callsTo("POST", "/topics/start/stream")).toHaveLength(0);
  });

  it("the box and send are disabled while the reply loads, and free again after it", async () => {
    const api = server();
    renderChat("/chat");
    await disclaimersSettled();
    fireEvent.change(textbox(), { target: { value: "Вопрос" } });
    fireEvent.click(sendButton());
    expect(textbox().value).toBe("");
    await waitFor(() => expect(textbox().disabled).toBe(true));
    api.reply.push("topic_id: 3\nОтвет");
    await screen.findByText("Ответ");
    expect(screen.getByRole("button", { name: "Остановить ответ" })).toBeTruthy();
    api.reply.close();
    await waitFor(() => expect(textbox().disabled).toBe(false));
    fireEvent.change(textbox(), { target: { value: "Ещё" } });
    expect(sendButton().disabled).toBe(false);
  });

  it("with no requests left the box and send are disabled, and a button opens the plans to buy", async () => {
    server({ available: 0 });
    renderChat("/chat");
    await screen.findByText("Запросы закончились");
    expect(textbox().disabled).toBe(true);
    expect(sendButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Обновить план" }));
    expect(useSettings.getState()).toMatchObject({ open: true, tab: "subscription", view: "available" });
    useSettings.getState().close();
  });

  it("an unlimited plan never runs out", async () => {
    server();
    renderChat("/chat");
    act(() => void cacheLimits({ available_requests: 0, is_unlimited: true, limits: [], pool: null }));
    fireEvent.change(textbox(), { target: { value: "Вопрос" } });
    expect(sendButton().disabled).toBe(false);
  });
});

describe("attachments", () => {
  it("shows images as thumbnails and a document as a chip with name, size and type; each removable", async () => {
    const api = server();
    renderChat("/chat");
    attach(file("фото.png", "image/png"), file("договор.pdf", "application/pdf", 3 * 1024));
    expect(screen.getAllByTestId("image-thumb")).toHaveLength(1);
    const chip = screen.getByTestId("file-chip");
    expect(chip.textContent).toContain("договор.pdf");
    await waitFor(() => expect(chip.textContent).toContain("PDF · 3 КБ"));
    expect(api.callsTo("POST", "/attachments/upload")).toHaveLength(2);
    expect((api.callsTo("POST", "/attachments/upload")[0].form!.get("file") as File).name).toBe("фото.png");

    fireEvent.click(screen.getByRole("button", { name: "Убрать файл договор.pdf" }));
    expect(screen.queryByTestId("file-chip")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Убрать файл фото.png" }));
    expect(screen.queryByTestId("image-thumb")).toBeNull();
  });

  it("two documents at once: the one-document message, and none of them attached", async () => {
    const api = server();
    renderChat("/chat");
    attach(
      file("a.pdf", "application/pdf"),
      file("b.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
      file("c.png", "image/png"),
    );
    expect((await screen.findByTestId("message-notice")).textContent).toBe(ONE_DOCUMENT);
    expect(screen.queryByTestId("file-chip")).toBeNull();
    expect(screen.queryByTestId("image-thumb")).toBeNull();
    expect(api.callsTo("POST", "/attachments/upload")).toHaveLength(0);
  });

  it("a second document after the first: the message, and only the first stays", async () => {
    server();
    renderChat("/chat");
    attach(file("a.pdf", "application/pdf"));
    attach(file("b.txt", "text/plain"));
    expect((await screen.findByTestId("message-notice")).textContent).toBe(ONE_DOCUMENT);
    expect(screen.getAllByTestId("file-chip")).toHaveLength(1);
    expect(screen.getByTestId("file-chip").textContent).toContain("a.pdf");
    // Several images with the one document are fine.
    attach(file("1.png", "image/png"), file("2.jpg", "image/jpeg"));
    expect(screen.getAllByTestId("image-thumb")).toHaveLength(2);
  });

  it("a file the server refuses shows its Russian reason and is not sent", async () => {
    const api = server({
      upload: (form) =>
        (form.get("file") as File).name === "вирус.exe"
          ? json(
              {
                detail:
                  "Неподдерживаемый тип файла: можно изображения (PNG, JPEG, WEBP, GIF), документы (PDF, DOC, " +
                  "DOCX, TXT) и голосовые записи (OGG, WEBM, MP3, M4A, WAV)",
              },
              415,
            )
          : json({ attachment_id: 21 }, 201),
    });
    renderChat("/chat");
    attach(file("вирус.exe", "application/octet-stream"));
    await screen.findByText(/Неподдерживаемый тип файла/);
    attach(file("фото.png", "image/png"));
    fireEvent.change(textbox(), { target: { value: "Что на фото?" } });
    fireEvent.click(sendButton());
    await waitFor(() => expect(api.callsTo("POST", "/topics/start/stream")).toHaveLength(1));
    expect(api.callsTo("POST", "/topics/start/stream")[0].body).toMatchObject({ message: { attachments: [21] } });
    expect(useDraftFiles.getState().files).toEqual([]);
  });

  it("a file too large: the 413 detail under its chip", async () => {
    server({ upload: () => json({ detail: "Файл слишком большой: максимум 20 МБ" }, 413) });
    renderChat("/chat");
    attach(file("большой.pdf", "application/pdf"));
    await waitFor(() =>
      expect(screen.getByTestId("file-chip").textContent).toContain("Файл слишком большой: максимум 20 МБ"),
    );
  });
});
