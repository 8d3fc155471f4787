import type { BotEnv } from "./env";
import { sendNotices } from "./notices";
import { handleWebhook } from "./webhook";

export default {
  fetch: (request: Request, env: BotEnv) => handleWebhook(request, env),
  /** Every minute: the next batch of admin notices to the chats (docs/telegram.md "Admin notices in the chat"). */
  scheduled: async (_controller: ScheduledController, env: BotEnv) => {
    try {
      await sendNotices(env);
    } catch (err) {
      console.error(JSON.stringify({ level: "error", msg: "telegram notices tick failed", err: String(err) }));
    }
  },
};
