import { configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { queryClient } from "../../web/src/api/query-client";
import { forgetOnSignOut } from "../../web/src/app/sign-out";

// As web/src/app/start.tsx does at start-up: a sign-out forgets the user's answers and client state.
forgetOnSignOut();

// The cache is the app's one module-level client: each test starts with nothing cached.
afterEach(() => queryClient.clear());

// findBy*/waitFor wait for what the app shows, not for how fast a loaded 2-core machine is: lazily
// loaded parts (the Markdown renderer) can take over a second there. A hang still fails.
configure({ asyncUtilTimeout: 5_000 });
