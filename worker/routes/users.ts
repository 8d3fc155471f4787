import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";
import { requireUser } from "../middleware/auth";
import { issueAuthRecord } from "../services/auth-record";
import { hashPassword, needsRehash, verifyPassword } from "../services/passwords";
import { clientIp, enforceRateLimits } from "../services/rate-limit";
import { consumeRecoveryToken, RECOVERY_INVALID, requestPasswordRecovery, spendAllRecoveryTokens } from "../services/recovery";
import { revokeAccessToken } from "../services/revoked-tokens";
import { revokeSession, rotateRefreshToken } from "../services/sessions";
import { signAccessToken, verifyAccessToken } from "../services/tokens";
import { changePassword, createUser, findUserByEmail, findUserById, replacePasswordHash, updateProfile, type User } from "../services/users";
import { validate } from "../validate";

// The request shapes of the accounts API (DESIGN.md §3).
const text = (field: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? `Укажите ${field}` : `Поле «${field}» должно быть строкой`) });
const email = text("e-mail").trim().toLowerCase().pipe(z.email({ error: "Некорректный e-mail" }).max(254));
const password = text("пароль").min(8, { error: "Пароль должен быть не короче 8 символов" }).max(128, { error: "Пароль должен быть не длиннее 128 символов" });
const name = z.string().trim().max(100, { error: "Имя должно быть не длиннее 100 символов" });

export const registerBody = z.object({ email, password, name: name.optional(), utm: z.record(z.string(), z.string()).optional() });
export const loginBody = z.object({ email, password: text("пароль").min(1, { error: "Введите пароль" }).max(128, { error: "Неверный e-mail или пароль" }) });
export const patchBody = z
  .object({ email: email.optional(), name: name.optional(), password: password.optional() })
  .refine((b) => b.email !== undefined || b.name !== undefined || b.password !== undefined, {
    error: "Укажите email, name или password",
  });
export const recoveryBody = z
  .object({ recovery_hash: text("ссылку восстановления").min(1).max(200), password, confirm_password: text("повтор пароля") })
  .refine((b) => b.password === b.confirm_password, { error: "Пароли не совпадают", path: ["confirm_password"] });

export const LOGIN_FAILED = "Неверный e-mail или пароль";
export const SESSION_ENDED = "Сессия завершена, войдите снова";
export const FORGOT_SENT = "Если аккаунт с таким e-mail существует, мы отправили на него письмо со ссылкой для восстановления пароля";

// Verified against when the e-mail is unknown or has no password, so a miss costs the same scrypt
// work as a hit and timing does not reveal which accounts exist. Not a secret.
const DUMMY_HASH = "scrypt$N=16384,r=8,p=5$Zgb5uyrKIeRjXf9uxHMq8g==$GTqM5h9mB2lR5lkCLLr4gK8d52LXAovXmQNXODp9mOk=";

const publicUser = (u: User) => ({ id: u.id, email: u.email, name: u.name, role: u.role, created_at: new Date(u.createdAt).toISOString() });

export const users = new Hono<AppEnv>()
  .post(
    "/",
    describeRoute({ tags: ["users"], summary: "Регистрация", responses: { 201: { description: "Запись входа" }, 409: { description: "E-mail занят" }, 429: { description: "Слишком много попыток" } } }),
    validate("json", registerBody),
    async (c) => {
      const body = c.req.valid("json");
      const db = getDb(c.env.DB);
      await enforceRateLimits(db, c.env, [["registerPerIp", clientIp(c)]]);
      const user = await createUser(db, { email: body.email, name: body.name || null, passwordHash: await hashPassword(body.password), utm: body.utm });
      return c.json(await issueAuthRecord(c.env, db, user, c.req.header("user-agent")), 201);
    },
  )
  .post(
    "/login",
    describeRoute({ tags: ["users"], summary: "Вход по паролю", responses: { 200: { description: "Запись входа" }, 401: { description: "Неверный e-mail или пароль" }, 429: { description: "Слишком много попыток" } } }),
    validate("json", loginBody),
    async (c) => {
      const { email, password } = c.req.valid("json");
      const db = getDb(c.env.DB);
      await enforceRateLimits(db, c.env, [["loginPerIp", clientIp(c)], ["loginPerEmail", email]]);
      const user = await findUserByEmail(db, email);
      const matches = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
      if (!user?.passwordHash || !matches) throw ApiError.unauthorized(LOGIN_FAILED);
      if (needsRehash(user.passwordHash)) await replacePasswordHash(db, user.id, await hashPassword(password));
      return c.json(await issueAuthRecord(c.env, db, user, c.req.header("user-agent")), 200);
    },
  )
  .get(
    "/self",
    describeRoute({ tags: ["users"], summary: "Текущий пользователь", security: [{ jwt: [] }], responses: { 200: { description: "id, email, name, role, created_at" }, 401: { description: "Нет или неверный токен" } } }),
    requireUser,
    (c) => c.json(publicUser(c.var.user), 200),
  )
  .patch(
    "/",
    describeRoute({
      tags: ["users"],
      summary: "Изменение e-mail, имени или пароля",
      description: "Отвечает обновлённым пользователем. После смены пароля остальные сеансы завершаются, а в ответе есть новый access_token для текущего сеанса.",
      security: [{ jwt: [] }],
      responses: { 200: { description: "Обновлённый пользователь" }, 409: { description: "E-mail занят" } },
    }),
    requireUser,
    validate("json", patchBody),
    async (c) => {
      const body = c.req.valid("json");
      const db = getDb(c.env.DB);
      const userId = c.var.userId;
      let user = c.var.user;
      if (body.email !== undefined || body.name !== undefined) user = await updateProfile(db, userId, { email: body.email, name: body.name });
      if (body.password === undefined) return c.json({ ...publicUser(user), access_token: undefined as string | undefined }, 200);
      const { sid } = c.var.token;
      const ver = await changePassword(db, userId, await hashPassword(body.password), sid);
      // The version bump retires every access token, the caller's too: hand the caller a new one.
      const { token } = await signAccessToken(c.env, { userId, role: user.role, ver, sid });
      return c.json({ ...publicUser(user), access_token: token }, 200);
    },
  )
  .post(
    "/token/refresh",
    describeRoute({
      tags: ["users"],
      summary: "Обновление токенов",
      description: "Заголовки jwt-token (можно просроченный) и refresh-token. Каждый refresh-токен одноразовый. Повторное предъявление уже использованного в течение 30 с, пока его преемник не использован, выдаёт новый токен (ответ мог потеряться); любое другое повторное предъявление завершает весь сеанс.",
      security: [{ jwt: [], refresh: [] }],
      responses: { 200: { description: "access_token, refresh_token" }, 401: { description: "Сеанс завершён" } },
    }),
    async (c) => {
      const access = c.req.header("jwt-token");
      const refresh = c.req.header("refresh-token");
      if (!access || !refresh) throw ApiError.unauthorized("Требуется авторизация");
      const db = getDb(c.env.DB);
      await enforceRateLimits(db, c.env, [["refreshPerIp", clientIp(c)]]);
      const claims = await verifyAccessToken(c.env, access, { allowExpired: true });
      const rotation = await rotateRefreshToken(db, refresh, claims.sid);
      if (!rotation.ok || rotation.userId !== claims.userId) throw ApiError.unauthorized(SESSION_ENDED);
      const user = await findUserById(db, rotation.userId);
      if (!user) throw ApiError.unauthorized(SESSION_ENDED);
      const { token } = await signAccessToken(c.env, { userId: user.id, role: user.role, ver: user.tokenVersion, sid: claims.sid });
      return c.json({ access_token: token, refresh_token: rotation.refreshToken }, 200);
    },
  )
  .post(
    "/logout",
    describeRoute({ tags: ["users"], summary: "Выход", security: [{ jwt: [] }], responses: { 200: { description: "Сеанс завершён" } } }),
    requireUser,
    async (c) => {
      const { sid, jti, exp } = c.var.token;
      await Promise.all([revokeSession(getDb(c.env.DB), sid), revokeAccessToken(c.env.KV, jti, exp)]);
      return c.json({ detail: "Вы вышли из аккаунта" }, 200);
    },
  )
  .post(
    "/password/forgot",
    describeRoute({ tags: ["users"], summary: "Письмо для восстановления пароля", description: "Всегда отвечает 200, есть такой аккаунт или нет.", responses: { 200: { description: "Нейтральный ответ" }, 429: { description: "Слишком много попыток" } } }),
    validate("query", z.object({ email })),
    async (c) => {
      const { email } = c.req.valid("query");
      const db = getDb(c.env.DB);
      await enforceRateLimits(db, c.env, [["forgotPerIp", clientIp(c)], ["forgotPerEmail", email]]);
      // In the background: the answer takes as long whether or not a letter goes out.
      c.executionCtx.waitUntil(requestPasswordRecovery(c.env, db, email).catch((err) => console.error("password recovery mail", err)));
      return c.json({ detail: FORGOT_SENT }, 200);
    },
  )
  .post(
    "/password/recovery",
    describeRoute({
      tags: ["users"],
      summary: "Новый пароль по ссылке из письма",
      description: "Задаёт пароль, завершает все сеансы пользователя и отвечает записью входа для нового сеанса.",
      responses: { 200: { description: "Запись входа" }, 400: { description: "Ссылка недействительна или устарела" } },
    }),
    validate("json", recoveryBody),
    async (c) => {
      const body = c.req.valid("json");
      const db = getDb(c.env.DB);
      const userId = await consumeRecoveryToken(db, body.recovery_hash);
      if (userId === null) throw ApiError.badRequest(RECOVERY_INVALID);
      const tokenVersion = await changePassword(db, userId, await hashPassword(body.password), null);
      await spendAllRecoveryTokens(db, userId);
      const user = await findUserById(db, userId);
      if (!user) throw ApiError.badRequest(RECOVERY_INVALID);
      return c.json(await issueAuthRecord(c.env, db, { ...user, tokenVersion }, c.req.header("user-agent")), 200);
    },
  );
