import type { Bot } from "grammy";
import type { BotEnv } from "../env";
import { internalApi } from "../internal-api";

/** Blocking the bot and coming back (Telegram's my_chat_member): the «block» and «unblock» signals. */
export function registerMember(bot: Bot, env: BotEnv) {
  bot.on("my_chat_member", async (ctx) => {
    const update = ctx.myChatMember;
    if (update.chat.type !== "private") return;
    const before = update.old_chat_member.status;
    const now = update.new_chat_member.status;
    const api = internalApi(env, update.from.id);
    if (now === "kicked" && before !== "kicked") await api.signal("block");
    else if (now === "member" && before === "kicked") await api.signal("unblock");
  });
}
