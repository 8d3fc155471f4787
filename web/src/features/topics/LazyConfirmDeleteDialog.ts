import { loadWhenNeeded } from "../../ui/lazy/when-needed";
import type { ConfirmDeleteProps } from "./ConfirmDeleteDialog";

/** The delete confirmation, loaded the first time one is asked (docs/web.md "Loaded when used"). */
export const LazyConfirmDeleteDialog = loadWhenNeeded<ConfirmDeleteProps>(
  (props) => props.open,
  () => import("./ConfirmDeleteDialog").then((m) => m.ConfirmDeleteDialog),
);
