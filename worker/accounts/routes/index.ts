import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { accountChanges } from "./account-changes";
import { accountData } from "./account-data";
import { consent } from "./legal";
import { oauth } from "./oauth";
import { sessionRoutes } from "./sessions";
import { telegramAuth } from "./telegram-auth";
import { telegramLink } from "./telegram-link";
import { users } from "./users";

/** Everything under `/users`: the account, its sign-ins, its changes, its consent and its data. */
export const userRoutes = new Hono<AppEnv>()
  .route("/", users)
  .route("/", accountChanges)
  .route("/", oauth)
  .route("/", telegramAuth)
  .route("/", telegramLink)
  .route("/", consent)
  .route("/", accountData)
  .route("/", sessionRoutes);
