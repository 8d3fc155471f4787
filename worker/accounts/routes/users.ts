import { Hono } from "hono";
import { LEGAL_TEXTS } from "../services/legal";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../http/errors";
import { pathId } from "../../http/params";
import { stringMap } from "../../http/string-map";
import { requireAccount, requireAdmin, requireUser } from "../middleware/auth";
import { noticePendingInvitations } from "../../companies/services/company-invitations";
import { issueAuthRecord } from "../services/auth-record";
import { deviceOf } from "../services/devices";
import { requestEmailChange } from "../services/email-change";
import { proveOwner } from "../services/owner-proof";
import { hashPassword, needsRehash } from "../services/passwords";
import { clientIp, enforceRateLimits, passwordFailureHits, refundRateLimits } from "../../http/rate-limit";
import {
  consumeRecoveryToken,
  RECOVERY_INVALID,
  requestPasswordRecovery,
  spendAllRecoveryTokens,
} from "../services/recovery";
import { revokeSession, rotateRefreshToken } from "../services/sessions";
import { signAccessToken, verifyAccessToken } from "../services/tokens";
import {
  assertNotBlocked,
  blockUser,
  changePassword,
  checkPassword,
  createUser,
  findUserById,
  replacePasswordHash,
  unblockUser,
  updateProfile,
  type User,
} from "../services/users";
import { validate } from "../../http/validate";
import { emailAddress, namedText, typedEmail } from "../../http/fields";
import { anonymous, detailOf, jsonOf, secured } from "../../http/openapi";
import {
  authRecordSchema,
  selfUserSchema,
  tokenPairSchema,
  updatedUserSchema,
  userBlockStateSchema,
  type SelfUser,
  type TokenPair,
  type UserBlockState,
} from "../schemas";
import { logEvent } from "../../http/log";

// The request shapes of the accounts API (docs/accounts.md).
const email = typedEmail(namedText("e-mail"), emailAddress.max(254));
const password = namedText("пароль")
  .min(8, { error: "Пароль должен быть не короче 8 символов" })
  .max(128, { error: "Пароль должен быть не длиннее 128 символов" });
const name = z.string().trim().max(100, { error: "Имя должно быть не длиннее 100 символов" });

export const registerBody = z.object({
  email,
  password,
  name: name.optional(),
  utm: stringMap("utm").optional(),
  // docs/legal.md "Consent": the terms and the processing of personal data, ticked by the user.
  consent: z.literal(true, { error: LEGAL_TEXTS.consentRequired }),
});
export const loginBody = z.object({
  email,
  password: namedText("пароль").min(1, { error: "Введите пароль" }).max(128, { error: "Неверный e-mail или пароль" }),
});
export const patchBody = z
  .object({
    email: email.optional(),
    name: name.optional(),
    password: password.optional(),
    // The owner's proof for a password or e-mail change (docs/accounts.md, "Account changes").
    current_password: namedText("текущий пароль").max(128, { error: "Неверный текущий пароль" }).optional(),
    code: namedText("код")
      .trim()
      .regex(/^\d{6}$/, { error: "Код состоит из 6 цифр" })
      .optional(),
  })
  .refine((b) => b.email !== undefined || b.name !== undefined || b.password !== undefined, {
    error: "Укажите email, name или password",
  });
export const recoveryBody = z
  .object({
    recovery_hash: namedText("ссылку восстановления").min(1).max(200),
    password,
    confirm_password: namedText("повтор пароля"),
  })
  .refine((b) => b.password === b.confirm_password, { error: "Пароли не совпадают", path: ["confirm_password"] });

export const LOGIN_FAILED = "Неверный e-mail или пароль";
export const SESSION_ENDED = "Сессия завершена, войдите снова";
export const FORGOT_SENT =
  "Если аккаунт с таким e-mail существует, мы отправили на него письмо со ссылкой для восстановления пароля";

const publicUser = (u: User): SelfUser => ({
  id: u.id,
  email: u.email,
  name: u.name,
  role: u.role,
  created_at: new Date(u.createdAt).toISOString(),
  has_password: u.passwordHash !== null,
});
const blockState = (u: User): UserBlockState => ({
  ...publicUser(u),
  blocked_at: u.blockedAt === null ? null : new Date(u.blockedAt).toISOString(),
});
const USER_NOT_FOUND = "Пользователь не найден";

export const users = new Hono<AppEnv>()
  .post(
    "/",
    describeRoute({
      ...anonymous,
      tags: ["users"],
      summary: "Регистрация",
      responses: {
        201: jsonOf("Запись входа", authRecordSchema),
        409: { description: "E-mail занят" },
        429: { description: "Слишком много попыток" },
      },
    }),
    validate("json", registerBody),
    async (c) => {
      const body = c.req.valid("json");
      const db = getDb(c.env.DB);
      await enforceRateLimits(db, c.env, [["registerPerIp", clientIp(c)]]);
      const user = await createUser(db, {
        email: body.email,
        name: body.name || null,
        passwordHash: await hashPassword(body.password),
        utm: body.utm,
        consent: true,
      });
      // An invited e-mail is told of its invitations (it joins a company only by accepting).
      await noticePendingInvitations(db, user.id, body.email);
      return c.json(await issueAuthRecord(c.env, db, user, deviceOf(c.req.raw)), 201);
    },
  )
  .post(
    "/login",
    describeRoute({
      ...anonymous,
      tags: ["users"],
      summary: "Вход по паролю",
      responses: {
        200: jsonOf("Запись входа", authRecordSchema),
        401: { description: "Неверный e-mail или пароль" },
        403: { description: "Аккаунт заблокирован" },
        429: { description: "Слишком много попыток" },
      },
    }),
    validate("json", loginBody),
    async (c) => {
      const { email, password } = c.req.valid("json");
      const db = getDb(c.env.DB);
      const ip = clientIp(c);
      // The address comes first in the key: it never holds "|", an e-mail may.
      const ticket = await enforceRateLimits(db, c.env, [
        ["loginPerIp", ip],
        ["loginPerEmailIp", `${ip}|${email}`],
        ...passwordFailureHits(email),
      ]);
      const user = await checkPassword(db, email, password);
      if (!user?.passwordHash) throw ApiError.unauthorized(LOGIN_FAILED);
      await refundRateLimits(db, ticket);
      assertNotBlocked(user);
      if (needsRehash(user.passwordHash)) await replacePasswordHash(db, user.id, await hashPassword(password));
      return c.json(await issueAuthRecord(c.env, db, user, deviceOf(c.req.raw)), 200);
    },
  )
  .get(
    "/self",
    describeRoute({
      tags: ["users"],
      summary: "Текущий пользователь",
      ...secured,
      responses: {
        200: jsonOf("id, email, name, role, created_at", selfUserSchema),
        401: { description: "Нет или неверный токен" },
      },
    }),
    requireAccount,
    (c) => c.json(publicUser(c.var.account), 200),
  )
  .patch(
    "/",
    describeRoute({
      tags: ["users"],
      summary: "Изменение e-mail, имени или пароля",
      description:
        "Отвечает обновлённым пользователем. Смена пароля или e-mail требует current_password, а у аккаунта без " +
        "пароля code из письма (POST /users/self/code) или вход не раньше 10 минут назад. Новый e-mail применяется " +
        "только после перехода по ссылке из письма на него (в ответе pending_email). После смены пароля остальные " +
        "сеансы завершаются, а в ответе есть новый access_token для текущего сеанса.",
      ...secured,
      responses: {
        200: jsonOf(
          "Обновлённый пользователь (pending_email, если ждёт подтверждения новый e-mail)",
          updatedUserSchema,
        ),
        403: { description: "Неверный текущий пароль или код" },
        409: { description: "E-mail занят" },
        422: { description: "Нет текущего пароля или кода" },
        429: { description: "Слишком много попыток" },
      },
    }),
    requireAccount,
    validate("json", patchBody),
    async (c) => {
      const body = c.req.valid("json");
      const db = getDb(c.env.DB);
      const userId = c.var.userId;
      let user = c.var.account;
      const { sid } = c.var.token;
      const newEmail = body.email !== undefined && body.email !== user.email ? body.email : undefined;
      if (newEmail !== undefined || body.password !== undefined)
        await proveOwner(c.env, db, user, sid, { currentPassword: body.current_password, code: body.code });
      if (body.name !== undefined) user = await updateProfile(db, userId, { name: body.name });
      if (newEmail !== undefined) {
        await enforceRateLimits(db, c.env, [["emailChangePerUser", String(userId)]]);
        const { send } = await requestEmailChange(c.env, db, user, newEmail);
        c.executionCtx.waitUntil(send().catch((err) => logEvent("error", "email change mail failed", { err })));
      }
      const answer = { ...publicUser(user), pending_email: newEmail };
      if (body.password === undefined) return c.json({ ...answer, access_token: undefined as string | undefined }, 200);
      const ver = await changePassword(db, c.env.KV, userId, await hashPassword(body.password), sid);
      // The version bump retires every access token, the caller's too: hand the caller a new one.
      const { token } = await signAccessToken(c.env, {
        userId,
        role: user.role,
        ver,
        sid,
        historyShard: user.historyShard,
      });
      return c.json({ ...answer, access_token: token }, 200);
    },
  )
  .post(
    "/token/refresh",
    describeRoute({
      tags: ["users"],
      summary: "Обновление токенов",
      description:
        "Заголовки jwt-token (можно просроченный) и refresh-token. Каждый refresh-токен одноразовый. Повторное " +
        "предъявление уже использованного в течение 30 с, пока его преемник не использован, выдаёт новый токен " +
        "(ответ мог потеряться); любое другое повторное предъявление завершает весь сеанс.",
      security: [{ jwt: [], refresh: [] }],
      responses: {
        200: jsonOf("access_token, refresh_token", tokenPairSchema),
        401: { description: "Сеанс завершён" },
        403: { description: "Аккаунт заблокирован" },
      },
    }),
    async (c) => {
      const access = c.req.header("jwt-token");
      const refresh = c.req.header("refresh-token");
      if (!access || !refresh) throw ApiError.unauthorized("Требуется авторизация");
      const db = getDb(c.env.DB);
      await enforceRateLimits(db, c.env, [["refreshPerIp", clientIp(c)]]);
      const claims = await verifyAccessToken(c.env, access, { allowExpired: true });
      const user = await findUserById(db, claims.userId);
      if (!user) throw ApiError.unauthorized(SESSION_ENDED);
      // The block ended the session already; this says why to whoever still holds its tokens.
      assertNotBlocked(user);
      const rotation = await rotateRefreshToken(db, c.env.KV, refresh, claims.sid, deviceOf(c.req.raw).country);
      if (!rotation.ok || rotation.userId !== user.id) throw ApiError.unauthorized(SESSION_ENDED);
      const { token } = await signAccessToken(c.env, {
        userId: user.id,
        role: user.role,
        ver: user.tokenVersion,
        sid: claims.sid,
        historyShard: user.historyShard,
      });
      return c.json({ access_token: token, refresh_token: rotation.refreshToken } satisfies TokenPair, 200);
    },
  )
  .post(
    "/logout",
    describeRoute({
      tags: ["users"],
      summary: "Выход",
      description: "Завершает сеанс: все его access- и refresh-токены перестают действовать.",
      ...secured,
      responses: { 200: detailOf("Сеанс завершён") },
    }),
    requireUser,
    async (c) => {
      // requireUser checks the session on every request, so this also ends every access token of it.
      await revokeSession(getDb(c.env.DB), c.env.KV, c.var.token.sid);
      return c.json({ detail: "Вы вышли из аккаунта" }, 200);
    },
  )
  .post(
    "/password/forgot",
    describeRoute({
      ...anonymous,
      tags: ["users"],
      summary: "Письмо для восстановления пароля",
      description: "Всегда отвечает 200, есть такой аккаунт или нет.",
      responses: { 200: detailOf("Нейтральный ответ"), 429: { description: "Слишком много попыток" } },
    }),
    validate("query", z.object({ email })),
    async (c) => {
      const { email } = c.req.valid("query");
      const db = getDb(c.env.DB);
      await enforceRateLimits(db, c.env, [
        ["forgotPerIp", clientIp(c)],
        ["forgotPerEmail", email],
      ]);
      // In the background: the answer takes as long whether or not a letter goes out.
      c.executionCtx.waitUntil(
        requestPasswordRecovery(c.env, db, email).catch((err) =>
          logEvent("error", "password recovery mail failed", { err }),
        ),
      );
      return c.json({ detail: FORGOT_SENT }, 200);
    },
  )
  .post(
    "/password/recovery",
    describeRoute({
      ...anonymous,
      tags: ["users"],
      summary: "Новый пароль по ссылке из письма",
      description: "Задаёт пароль, завершает все сеансы пользователя и отвечает записью входа для нового сеанса.",
      responses: {
        200: jsonOf("Запись входа", authRecordSchema),
        400: { description: "Ссылка недействительна или устарела" },
        403: { description: "Аккаунт заблокирован" },
      },
    }),
    validate("json", recoveryBody),
    async (c) => {
      const body = c.req.valid("json");
      const db = getDb(c.env.DB);
      const userId = await consumeRecoveryToken(db, body.recovery_hash);
      if (userId === null) throw ApiError.badRequest(RECOVERY_INVALID);
      const user = await findUserById(db, userId);
      if (!user) throw ApiError.badRequest(RECOVERY_INVALID);
      assertNotBlocked(user);
      const tokenVersion = await changePassword(db, c.env.KV, userId, await hashPassword(body.password), null);
      await spendAllRecoveryTokens(db, userId);
      return c.json(await issueAuthRecord(c.env, db, { ...user, tokenVersion }, deviceOf(c.req.raw)), 200);
    },
  )
  .post(
    "/:id/block",
    describeRoute({
      tags: ["users"],
      summary: "Заблокировать пользователя (админ)",
      description:
        "Завершает все сеансы пользователя: ни один его токен больше не действует, вход, обновление токенов и " +
        "внешний вход отвечают 403 до разблокировки. Повторная блокировка сохраняет первое время.",
      ...secured,
      responses: {
        200: jsonOf("Пользователь с blocked_at", userBlockStateSchema),
        403: { description: "Недостаточно прав" },
        404: { description: "Пользователь не найден" },
        409: { description: "Свой аккаунт" },
      },
    }),
    validate("param", z.object({ id: pathId })),
    requireAdmin,
    async (c) => {
      const { id } = c.req.valid("param");
      if (id === c.var.userId) throw ApiError.conflict("Нельзя заблокировать собственный аккаунт");
      const user = await blockUser(getDb(c.env.DB), c.env.KV, id);
      if (!user) throw ApiError.notFound(USER_NOT_FOUND);
      return c.json(blockState(user), 200);
    },
  )
  .post(
    "/:id/unblock",
    describeRoute({
      tags: ["users"],
      summary: "Разблокировать пользователя (админ)",
      description: "Снимает блокировку. Завершённые сеансы не возвращаются: пользователь входит заново.",
      ...secured,
      responses: {
        200: jsonOf("Пользователь с blocked_at = null", userBlockStateSchema),
        403: { description: "Недостаточно прав" },
        404: { description: "Пользователь не найден" },
      },
    }),
    validate("param", z.object({ id: pathId })),
    requireAdmin,
    async (c) => {
      const user = await unblockUser(getDb(c.env.DB), c.req.valid("param").id);
      if (!user) throw ApiError.notFound(USER_NOT_FOUND);
      return c.json(blockState(user), 200);
    },
  );
