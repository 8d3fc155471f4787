import { Outlet } from "react-router-dom";

// Placeholder: the accounts web work fills it in.
export default function AuthLayout() {
  return <Outlet />;
}
