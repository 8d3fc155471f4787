// `npm run db:migrate`: the local D1 migrations of the main database and of every history shard, applied
// to the state `npm start` and `npm run dev` use (.wrangler/state); `npm run db:generate` writes new ones.
import path from "node:path";
import { migrate, root } from "./lib/local.mjs";

migrate(path.join(root, ".wrangler/state"));
console.log("Локальные базы (основная и шарды истории) обновлены до последней миграции.");
