// Placeholder until issue 4 (subscriptions) fills it in.
export default function Checkout() {
  return <div data-testid="page-checkout">Checkout</div>;
}
