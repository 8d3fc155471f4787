// Placeholder: the accounts web work fills it in.
export default function Forgot() {
  return <div>Forgot</div>;
}
