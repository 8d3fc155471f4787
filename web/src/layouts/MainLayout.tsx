import { Outlet } from "react-router-dom";

// Placeholder: the accounts web work fills it in.
export default function MainLayout() {
  return <Outlet />;
}
