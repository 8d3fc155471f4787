import { loadAppStylesAside } from "./app/prerender/app-styles";
import { whenFirstScreenPainted } from "./app/prerender/first-screen";

// The entry is this alone: a page whose first screen came in its HTML (/login, a share page)
// paints it before the app's JavaScript and styles are fetched (docs/web.md "First screens in the
// HTML"); any other page starts the app at once, its files linked from index.html. The app's
// stylesheet loads aside, beside it (app-styles.ts); the libraries run a task before the app.
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
void whenFirstScreenPainted().then(async () => {
  loadAppStylesAside();
  await import("./app/libraries");
  await nextTask();
  await import("./app/start");
});
