// The app's modules were written for the browser, and a few touch its globals as they load (the
// query client listens to the window's focus, stores read localStorage). This Worker renders them
// in an isolate of its own, so it gives them what they read, empty: no stored session, no settings,
// as for a visitor who is not signed in. Imported before the renderer.
const storage = {
  length: 0,
  clear: () => {},
  getItem: () => null,
  key: () => null,
  removeItem: () => {},
  setItem: () => {},
};
Object.assign(globalThis, { window: globalThis, localStorage: storage, sessionStorage: storage });

/** The page the render is for, as `location` (a reply's image link names its host from it). */
export function renderingAt(url: string): void {
  Object.assign(globalThis, { location: new URL(url) });
}
