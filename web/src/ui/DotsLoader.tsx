import "./DotsLoader.css";

/** Three pulsing dots (1 s, 0.2 s stagger) while a lazy page loads (docs/product.md §2). */
export function DotsLoader() {
  return (
    <div className="dots-loader" role="status" aria-label="Загрузка">
      <span />
      <span />
      <span />
    </div>
  );
}
