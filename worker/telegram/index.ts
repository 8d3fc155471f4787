import type { BotEnv } from "./env";
import { handleWebhook } from "./webhook";

export default {
  fetch: (request: Request, env: BotEnv) => handleWebhook(request, env),
};
