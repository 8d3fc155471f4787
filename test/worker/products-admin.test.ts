import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { authHeaders, call, createAdmin, detailOf, registerUser } from "./helpers";
import { sendMessage, StreamReader } from "./streams-helpers";
import { insertTopic } from "./topics-db";

// Modes (Product rows) managed by admins. The modes made here are inactive, so they never show in
// `GET /products/` while other test files read it.

type Product = {
  id: number;
  assistant_type: string;
  title: string;
  description: string;
  model: string;
  model_title: string;
  active: boolean;
  system_prompt?: string;
};

let admin: Record<string, string>;
let user: Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  admin = authHeaders((await createAdmin()).record);
  user = await registerUser();
});

const uniqueType = () => `test_${crypto.randomUUID().slice(0, 8).replaceAll("-", "")}`;

async function createMode(body: Record<string, unknown> = {}): Promise<Product> {
  const res = await call("/products/", {
    headers: admin,
    json: {
      assistant_type: uniqueType(),
      title: "Тестовый режим",
      description: "Для проверки",
      system_prompt: "Ты — тестовый ассистент.",
      active: false,
      ...body,
    },
  });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return (await res.json()) as Product;
}

const messagesOf = (detail: unknown) => (detail as { msg: string }[]).map((d) => d.msg);

describe("reading modes", () => {
  it(
    "GET /products/{id}: an active mode for anyone, without its system prompt; admins also get the " + "prompt",
    async () => {
      const list = (await (await call("/products/")).json()) as Product[];
      const law = list.find((p) => p.assistant_type === "explain_law")!;
      expect(law).toEqual({
        id: expect.any(Number),
        assistant_type: "explain_law",
        title: "Объясни закон",
        description: expect.any(String),
        model: "default",
        model_title: "Ясно · Объясни закон",
        active: true,
      });
      const res = await call(`/products/${law.id}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(law);
      const asAdmin = (await (await call(`/products/${law.id}`, { headers: admin })).json()) as Product;
      expect(asAdmin).toEqual({ ...law, system_prompt: expect.stringContaining("«Ясно»") });
      expect((await call(`/products/${law.id}`, { headers: { "jwt-token": "not-a-token" } })).status).toBe(401);
    },
  );

  it("an inactive mode is a 404 except for admins, who list every mode with ?all=true", async () => {
    const mode = await createMode();
    const missing = await call(`/products/${mode.id}`, { headers: authHeaders(user.record) });
    expect(missing.status).toBe(404);
    expect(await detailOf(missing)).toBe("Режим не найден");
    expect((await call(`/products/${mode.id}`, { headers: admin })).status).toBe(200);
    expect(((await (await call("/products/")).json()) as Product[]).map((p) => p.id)).not.toContain(mode.id);
    const all = (await (await call("/products/?all=true", { headers: admin })).json()) as Product[];
    expect(all.find((p) => p.id === mode.id)).toEqual(mode);
    expect((await call("/products/?all=true", { headers: authHeaders(user.record) })).status).toBe(403);
    expect((await call("/products/?all=true")).status).toBe(401);
  });
});

describe("admin writes", () => {
  it("POST makes a mode; the same assistant_type twice is a 409", async () => {
    const type = uniqueType();
    const mode = await createMode({ assistant_type: type, model: "vision" });
    expect(mode).toEqual({
      id: expect.any(Number),
      assistant_type: type,
      title: "Тестовый режим",
      description: "Для проверки",
      model: "vision",
      model_title: "Ясно · Тестовый режим",
      active: false,
      system_prompt: "Ты — тестовый ассистент.",
    });
    const again = await call("/products/", {
      headers: admin,
      json: { assistant_type: type, title: "Ещё", description: "Ещё", system_prompt: "Ещё", active: false },
    });
    expect(again.status).toBe(409);
    expect(await detailOf(again)).toBe("Режим с таким assistant_type уже есть");
  });

  it("model_title names the model for users; null goes back to «Ясно · <title>»", async () => {
    const mode = await createMode({ model_title: "  Ясно Про  " });
    expect(mode.model_title).toBe("Ясно Про");
    const put = (json: Record<string, unknown>) =>
      call(`/products/${mode.id}`, { method: "PUT", headers: admin, json });
    expect(((await (await put({ model_title: null })).json()) as Product).model_title).toBe("Ясно · Тестовый режим");
    const renamed = (await (await put({ title: "Новое имя" })).json()) as Product;
    expect(renamed.model_title).toBe("Ясно · Новое имя");
    const long = await put({ model_title: "м".repeat(61) });
    expect(long.status).toBe(422);
    expect(JSON.stringify(await detailOf(long))).toContain("название модели для пользователей: не длиннее 60 символов");
  });

  it("bad fields are refused in Russian", async () => {
    const bad = async (body: Record<string, unknown>) => {
      const res = await call("/products/", {
        headers: admin,
        json: {
          assistant_type: uniqueType(),
          title: "Т",
          description: "О",
          system_prompt: "П",
          active: false,
          ...body,
        },
      });
      expect(res.status).toBe(422);
      return messagesOf(await detailOf(res));
    };
    expect((await bad({ assistant_type: "Закон" }))[0]).toContain("assistant_type: латинские строчные буквы");
    expect(await bad({ title: " " })).toContain("название режима: не может быть пустым");
    expect(await bad({ system_prompt: undefined })).toContain("Укажите системный промпт");
    expect((await bad({ model: "модель с пробелом" }))[0]).toContain("model: default, vision или идентификатор модели");

    const mode = await createMode();
    const rename = await call(`/products/${mode.id}`, {
      method: "PUT",
      headers: admin,
      json: { assistant_type: "other_type" },
    });
    expect(rename.status).toBe(422);
    expect(messagesOf(await detailOf(rename))).toContain(
      "assistant_type режима не меняется: на него ссылаются чаты и папки",
    );
    const empty = await call(`/products/${mode.id}`, { method: "PUT", headers: admin, json: {} });
    expect(messagesOf(await detailOf(empty))).toContain("Укажите хотя бы одно поле режима");
  });

  it("are for admins only: 403 for users, 401 without a token", async () => {
    const mode = await createMode();
    const headers = authHeaders(user.record);
    for (const res of [
      await call("/products/", {
        headers,
        json: { assistant_type: uniqueType(), title: "Т", description: "О", system_prompt: "П" },
      }),
      await call(`/products/${mode.id}`, { method: "PUT", headers, json: { title: "Взлом" } }),
      await call(`/products/${mode.id}`, { method: "DELETE", headers }),
    ]) {
      expect(res.status).toBe(403);
      expect(await detailOf(res)).toBe("Недостаточно прав");
    }
    expect((await call(`/products/${mode.id}`, { method: "PUT", json: { title: "Взлом" } })).status).toBe(401);
    expect(((await (await call(`/products/${mode.id}`, { headers: admin })).json()) as Product).title).toBe(
      "Тестовый режим",
    );
  });

  it("PUT changes the given fields; an unknown id is a 404", async () => {
    const mode = await createMode();
    const res = await call(`/products/${mode.id}`, {
      method: "PUT",
      headers: admin,
      json: { description: "Новое описание", system_prompt: "Новый промпт" },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ...mode, description: "Новое описание", system_prompt: "Новый промпт" });
    expect((await call("/products/999999", { method: "PUT", headers: admin, json: { title: "Нет" } })).status).toBe(
      404,
    );
  });
});

describe("the chat reads the mode for every message", () => {
  it("an edited title and prompt count from the next message on", async () => {
    const mode = await createMode({ title: "Режим до правки" });
    // A topic of this mode (inactive modes keep serving their existing topics).
    const topicId = await insertTopic(user.userId, { assistantType: mode.assistant_type });
    const first = await new StreamReader(await sendMessage(user, topicId, "Первый вопрос")).rest();
    expect(first).toContain("| Режим | Режим до правки |");

    const edit = await call(`/products/${mode.id}`, {
      method: "PUT",
      headers: admin,
      json: { title: "Режим после правки", system_prompt: "Отвечай кратко." },
    });
    expect(edit.status).toBe(200);
    const second = await new StreamReader(await sendMessage(user, topicId, "Второй вопрос")).rest();
    expect(second).toContain("| Режим | Режим после правки |");
    const row = await env.DB.prepare("SELECT system_prompt FROM products WHERE id = ?")
      .bind(mode.id)
      .first<{ system_prompt: string }>();
    expect(row!.system_prompt).toBe("Отвечай кратко.");
  });
});

describe("DELETE /products/{id}", () => {
  it("deletes a mode nobody has used", async () => {
    const mode = await createMode();
    expect((await call(`/products/${mode.id}`, { method: "DELETE", headers: admin })).status).toBe(204);
    expect((await call(`/products/${mode.id}`, { headers: admin })).status).toBe(404);
    expect((await call(`/products/${mode.id}`, { method: "DELETE", headers: admin })).status).toBe(404);
  });

  it("deactivates a mode with topics instead, and its topics keep working", async () => {
    const mode = await createMode({ active: true, title: "Режим с чатами" });
    const topicId = await insertTopic(user.userId, { assistantType: mode.assistant_type });
    const res = await call(`/products/${mode.id}`, { method: "DELETE", headers: admin });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ...mode, active: false });
    expect((await call(`/products/${mode.id}`)).status).toBe(404);
    const reply = await new StreamReader(await sendMessage(user, topicId, "Вопрос после удаления")).rest();
    expect(reply).toContain("| Режим | Режим с чатами |");
    // A new chat in it is refused.
    const start = await call("/topics/start/stream/", {
      headers: authHeaders(user.record),
      json: { message: { text: "Привет", attachments: [] }, assistant_type: mode.assistant_type },
    });
    expect(start.status).toBe(422);
  });
});

describe("the OpenAPI document", () => {
  it("lists the plans, payments and product admin routes", async () => {
    const doc = (await (await SELF.fetch("http://app.test/api/v2/openapi.json")).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const [path, methods] of Object.entries({
      "/api/v2/subscriptions": ["get", "post"],
      "/api/v2/subscriptions/{id}": ["get", "put", "delete"],
      "/api/v2/products": ["get", "post"],
      "/api/v2/products/{id}": ["get", "put", "delete"],
      "/api/v2/payments": ["get"],
      // One path for the payment (GET) and the plan to pay for (POST): docs/architecture.md.
      "/api/v2/payments/{idOrSubscriptionId}": ["get", "post"],
      "/api/v2/payments/{id}/refund": ["post"],
      "/api/v2/payments/yookassa/notifications": ["post"],
      "/api/v2/payments/sandbox/{id}": ["get", "post"],
    })) {
      expect(Object.keys(doc.paths), path).toContain(path);
      for (const method of methods) expect(Object.keys(doc.paths[path]!), `${method} ${path}`).toContain(method);
    }
  });
});
