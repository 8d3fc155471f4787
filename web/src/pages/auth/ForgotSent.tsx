// Placeholder: the accounts web work fills it in.
export default function ForgotSent() {
  return <div>ForgotSent</div>;
}
