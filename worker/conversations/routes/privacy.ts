import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { flag } from "../../http/fields";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { jsonObjectBody } from "../../http/bulk-target";
import { jsonOf, secured } from "../../http/openapi";
import { validate } from "../../http/validate";
import { pathWord } from "../../http/params";
import { requireUser } from "../../accounts/middleware/auth";
import { privacySettingSchema } from "../schemas";
import { privacySettingsOf, setPrivacySetting } from "../services/privacy-settings";

const modeParams = z.object({ assistantType: pathWord(/^[a-z_]{1,64}$/, z.string()) });

/** The privacy guard per mode (docs/privacy.md "Per mode"): on unless the user turns it off. */
export const privacy = new Hono<AppEnv>()
  .get(
    "/settings",
    describeRoute({
      tags: ["privacy"],
      summary: "Скрывать ли персональные данные от модели: по режимам",
      ...secured,
      responses: { 200: jsonOf("[{assistant_type, enabled}]", z.array(privacySettingSchema)) },
    }),
    requireUser,
    async (c) => c.json(await privacySettingsOf(getDb(c.env.DB), c.var.userId), 200),
  )
  .put(
    "/settings/:assistantType",
    describeRoute({
      tags: ["privacy"],
      summary: "Включить или выключить защиту персональных данных в режиме",
      ...secured,
      responses: {
        200: jsonOf("{assistant_type, enabled}", privacySettingSchema),
        422: { description: "Неизвестный режим или нет enabled" },
      },
    }),
    validate("param", modeParams),
    requireUser,
    jsonObjectBody,
    validate("json", z.object({ enabled: flag("enabled") })),
    async (c) =>
      c.json(
        await setPrivacySetting(
          getDb(c.env.DB),
          c.var.userId,
          c.req.valid("param").assistantType,
          c.req.valid("json").enabled,
        ),
        200,
      ),
  );
