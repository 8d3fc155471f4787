import { afterEach } from "vitest";
import { queryClient } from "../../web/src/api/query-client";
import { forgetOnSignOut } from "../../web/src/app/sign-out";

// As web/src/main.tsx does at start-up: a sign-out forgets the user's answers and client state.
forgetOnSignOut();

// The cache is the app's one module-level client: each test starts with nothing cached.
afterEach(() => queryClient.clear());
