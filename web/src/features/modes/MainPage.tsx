import { ModePicker } from "./ModePicker";

/** `/`: the landing page where a mode is picked (docs/product.md §2). */
export default function Main() {
  return (
    <div data-testid="page-main">
      <ModePicker />
    </div>
  );
}
