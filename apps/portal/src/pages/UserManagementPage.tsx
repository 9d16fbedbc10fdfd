import { ConnectedUserManagement } from '@ranwal/ui';

export default function UserManagementPage() {
  return <ConnectedUserManagement />;
}
