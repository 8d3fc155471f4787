// Placeholder: the accounts web work fills it in.
export default function RecoveryInvalid() {
  return <div>RecoveryInvalid</div>;
}
