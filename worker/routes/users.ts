import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";
import { validate } from "../validate";

// The request shapes of the accounts API (DESIGN.md §3). Handlers live in services.
const email = z.string().trim().toLowerCase().pipe(z.email({ error: "Некорректный e-mail" }).max(254));
const password = z.string().min(8, { error: "Пароль должен быть не короче 8 символов" }).max(128, { error: "Пароль должен быть не длиннее 128 символов" });
const name = z.string().trim().max(100, { error: "Имя должно быть не длиннее 100 символов" });

export const registerBody = z.object({ email, password, name: name.optional(), utm: z.record(z.string(), z.string()).optional() });
export const loginBody = z.object({ email, password: z.string().min(1).max(128) });
export const patchBody = z
  .object({ email: email.optional(), name: name.optional(), password: password.optional() })
  .refine((b) => b.email !== undefined || b.name !== undefined || b.password !== undefined, {
    error: "Укажите email, name или password",
  });
export const recoveryBody = z
  .object({ recovery_hash: z.string().min(1).max(200), password, confirm_password: z.string() })
  .refine((b) => b.password === b.confirm_password, { error: "Пароли не совпадают", path: ["confirm_password"] });

const notYet = () => {
  throw new ApiError(501, "Ещё не реализовано");
};

export const users = new Hono<AppEnv>()
  .post("/", describeRoute({ tags: ["users"], summary: "Регистрация" }), validate("json", registerBody), notYet)
  .post("/login", describeRoute({ tags: ["users"], summary: "Вход по паролю" }), validate("json", loginBody), notYet)
  .get("/self", describeRoute({ tags: ["users"], summary: "Текущий пользователь", security: [{ jwt: [] }] }), notYet)
  .patch("/", describeRoute({ tags: ["users"], summary: "Изменение e-mail, имени или пароля", security: [{ jwt: [] }] }), validate("json", patchBody), notYet)
  .post("/token/refresh", describeRoute({ tags: ["users"], summary: "Обновление токенов", security: [{ jwt: [], refresh: [] }] }), notYet)
  .post("/logout", describeRoute({ tags: ["users"], summary: "Выход", security: [{ jwt: [] }] }), notYet)
  .post("/password/forgot", describeRoute({ tags: ["users"], summary: "Письмо для восстановления пароля" }), validate("query", z.object({ email })), notYet)
  .post("/password/recovery", describeRoute({ tags: ["users"], summary: "Новый пароль по ссылке из письма" }), validate("json", recoveryBody), notYet);
