import { ModePicker } from "./ModePicker";
import { useDocumentTitle } from "../../ui/document-title";

/** `/`: the landing page where a mode is picked (docs/product.md §2). */
export default function Main() {
  useDocumentTitle(null);
  return (
    <div data-testid="page-main">
      <ModePicker />
    </div>
  );
}
