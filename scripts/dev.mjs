// `npm run dev`: the app with reload on change. The Worker runs under `wrangler dev` (it rebuilds and
// restarts on each change of worker/), the SPA under Vite's dev server (hot reload), which sends
// /api and /internal to the Worker (web/vite.config.ts). Why not Cloudflare's Vite plugin: docs/web.md.
import path from "node:path";
import { createServer } from "vite";
import { buildWeb, ensureDevVars, migrate, root, seedAdmin, startWorker, waitForHealth } from "./lib/local.mjs";

const workerPort = Number(process.env.WORKER_PORT ?? 8787);
const webPort = Number(process.env.PORT ?? 5173);
const persistTo = path.join(root, ".wrangler/state");
const appUrl = `http://localhost:${webPort}`;
const workerUrl = `http://localhost:${workerPort}`;

ensureDevVars();
// The share page's renderer Worker and the Worker's static assets come from the build.
console.log("Сборка веб-приложения…");
buildWeb();
console.log("Миграции локальной базы…");
migrate(persistTo);
const admin = seedAdmin(persistTo);
if (admin) {
  console.log("\nСоздан администратор (пароль показывается один раз):");
  console.log(`  e-mail: ${admin.email}\n  пароль: ${admin.password}\n`);
}
const worker = startWorker({ port: workerPort, persistTo, vars: { APP_URL: appUrl } });
await waitForHealth(workerPort);
const web = await createServer({
  configFile: path.join(root, "web/vite.config.ts"),
  server: { port: webPort, strictPort: true, proxy: { "/api": workerUrl, "/internal": workerUrl } },
});
await web.listen();
console.log(`\nЯсно в режиме разработки: ${appUrl} (перезагружается при изменениях)\n`);

async function stop(signal) {
  await web.close();
  worker.kill(signal);
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stop(signal));
worker.on("exit", async (code) => {
  await web.close();
  process.exit(code ?? 0);
});
