import { whenFirstScreenPainted } from "./app/prerender/first-screen";

// The entry is this alone: a page whose first screen came in its HTML (/login, a share page)
// paints it before the app's JavaScript and styles are fetched (docs/web.md "First screens in the
// HTML"); any other page starts the app at once, its files linked from index.html.
void whenFirstScreenPainted().then(() => import("./app/start"));
