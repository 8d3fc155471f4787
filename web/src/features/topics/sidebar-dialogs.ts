import { loadWhenNeeded } from "../../ui/lazy/when-needed";
import { useSearch } from "../search/search-state";
import type { Topic } from "./topics-queries";
import { useTopicMenu } from "./topic-menu";

// The sidebar's menu and windows, each loaded the first time it opens (docs/web.md "Loaded when used").

export const LazyTopicMenu = loadWhenNeeded(
  () => useTopicMenu((s) => s.mode === "menu"),
  () => import("./TopicMenu").then((m) => m.TopicMenu),
);

export const LazyShareDialog = loadWhenNeeded<{ topic: Topic | null; onClose: () => void }>(
  (props) => props.topic != null,
  () => import("../share/ShareDialog").then((m) => m.ShareDialog),
);

export const LazySearchDialog = loadWhenNeeded(
  () => useSearch((s) => s.open),
  () => import("../search/SearchDialog").then((m) => m.SearchDialog),
);
