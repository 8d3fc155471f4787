// Placeholder: the accounts web work fills it in.
export default function RegisterV2() {
  return <div>RegisterV2</div>;
}
