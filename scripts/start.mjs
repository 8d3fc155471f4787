// `npm start`: build the SPA, migrate and seed local state, serve everything on one URL.
import path from "node:path";
import {
  buildWeb,
  ensureDevVars,
  migrate,
  root,
  seedAdmin,
  seedLawDemo,
  startWorker,
  waitForHealth,
} from "./lib/local.mjs";

const port = Number(process.env.PORT ?? 8787);
const persistTo = path.join(root, ".wrangler/state");

ensureDevVars();
console.log("Сборка веб-приложения…");
buildWeb();
console.log("Миграции локальной базы…");
migrate(persistTo);
seedLawDemo(persistTo);
const admin = seedAdmin(persistTo);
if (admin) {
  console.log("\nСоздан администратор (пароль показывается один раз):");
  console.log(`  e-mail: ${admin.email}\n  пароль: ${admin.password}\n`);
}
const worker = startWorker({ port, persistTo, vars: { APP_URL: `http://localhost:${port}` } });
await waitForHealth(port);
console.log(`\nЯсно работает: http://localhost:${port}\n`);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => worker.kill(signal));
worker.on("exit", (code) => process.exit(code ?? 0));
