import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../../../db/client";
import type { AppEnv } from "../../../env";
import { acceptDisclaimer, listDisclaimers } from "../../../billing/services/disclaimers";
import { validate } from "../../../http/validate";
import { asBotUser, BOT_PATH, botParams, botUserMissing, internalSecured } from "./shared";
import { jsonOf } from "../../../http/openapi";
import { disclaimerSchema } from "../../../billing/schemas";
import { disclaimerAcceptBody } from "../../../billing/routes/disclaimers";

export const internalDisclaimers = new Hono<AppEnv>()
  .get(
    BOT_PATH,
    describeRoute({
      tags: ["internal"],
      summary: "Условия режимов и приняты ли они пользователем бота",
      ...internalSecured,
      responses: {
        200: jsonOf("{assistant_type, text, version, accepted}[]", z.array(disclaimerSchema)),
        ...botUserMissing,
      },
    }),
    validate("param", botParams),
    asBotUser,
    async (c) => c.json(await listDisclaimers(getDb(c.env.DB), c.var.userId), 200),
  )
  .post(
    `${BOT_PATH}/:assistantType/accept`,
    describeRoute({
      tags: ["internal"],
      summary: "Пользователь бота принимает условия режима",
      description: "Тело необязательно; с `{version}` — 409, если условия с тех пор изменились.",
      ...internalSecured,
      responses: {
        200: jsonOf("{assistant_type, text, version, accepted}", disclaimerSchema),
        ...botUserMissing,
        409: { description: "Условия изменились" },
      },
    }),
    validate("param", botParams.extend({ assistantType: z.string().max(64) })),
    validate("json", disclaimerAcceptBody),
    asBotUser,
    async (c) =>
      c.json(
        await acceptDisclaimer(
          getDb(c.env.DB),
          c.var.userId,
          c.req.valid("param").assistantType,
          c.req.valid("json").version,
        ),
        200,
      ),
  );
