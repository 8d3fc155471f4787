import { defineConfig, devices } from "@playwright/test";
import { existsSync } from "node:fs";

const port = Number(process.env.E2E_PORT ?? 8788);
// Debian's Chromium where it is installed (Playwright cannot download its own here).
const systemChromium = "/usr/bin/chromium";

export default defineConfig({
  testDir: "test/e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  timeout: 60_000,
  // A page after a reload or sign-in loads tens of chunks through wrangler dev: seconds on a loaded 2-core machine.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    locale: "ru-RU",
    timezoneId: "Europe/Moscow",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: existsSync(systemChromium) ? systemChromium : undefined,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        "--no-first-run",
        // A microphone for voice questions: Chromium's fake device (a tone), allowed without a prompt.
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    // The production build of the SPA on the real Worker (npm run build:web runs before this).
    command: "node scripts/e2e-server.mjs",
    url: `http://localhost:${port}/api/v2/health`,
    reuseExistingServer: false,
    // Starting means migrating the main D1 and two history shards with wrangler: slow on a loaded machine.
    timeout: 300_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
