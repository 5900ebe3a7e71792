import { useState } from 'react';
import styled from 'styled-components';
import { avatarColorFor, type AdminUser } from '@pog/common';
import { Avatar } from '../../../components/Avatar';
import { Badge } from '../../../components/Badge';
import { Button } from '../../../components/Button';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { roleOf, userInitials } from '../display';
import { useAdminUsers } from '../queries';
import { ModerateUserDialog } from './ModerateUserDialog';
import { ListState } from './ListState';
import { ClaimBadge, ClaimButton } from './ClaimControls';

const Scroller = styled.div`
  /* Positioned, so that the table's visually hidden texts scroll with it instead of widening the page. */
  position: relative;
  overflow-x: auto;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th, td { padding: 0.7rem 1rem; text-align: left; vertical-align: middle; }
  th { font-size: 0.8rem; text-transform: uppercase; letter-spacing: 0.05em; color: ${({ theme }) => theme.colors.textMuted}; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  tbody tr + tr td { border-top: 1px solid ${({ theme }) => theme.colors.border}; }
`;

const Who = styled.div`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  small { display: block; color: ${({ theme }) => theme.colors.textSubtle}; }
`;

/** A cell's badges or buttons side by side (wrapping on a narrow screen). */
const Cell = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.4rem;
`;

/** The Users tab: the players table and the Moderate User dialog. */
export function UsersTab({ onUnauthorized }: { onUnauthorized: () => void }) {
  const query = useAdminUsers(true, onUnauthorized);
  const [selected, setSelected] = useState<AdminUser | null>(null);
  return (
    <>
      <ListState query={query} loadingLabel="Loading users..." empty="No users found">
        {(users) => <UsersTable users={users} onModerate={setSelected} />}
      </ListState>
      <ModerateUserDialog user={selected} onClose={() => setSelected(null)} />
    </>
  );
}

interface UsersTableProps {
  users: readonly AdminUser[];
  onModerate: (user: AdminUser) => void;
}

/** The players table: User (initials, username, ID), Role, Status, Actions (product spec: screens). */
function UsersTable({ users, onModerate }: UsersTableProps) {
  return (
    <Scroller>
      <Table aria-label="Users">
        <thead>
          <tr>
            <th scope="col">User</th>
            <th scope="col">Role</th>
            <th scope="col">Status</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id} data-user-id={user.id}>
              <td>
                <Who>
                  <Avatar initials={userInitials(user)} color={avatarColorFor(user.username)} />
                  <div>
                    <strong>{user.username}</strong>
                    <small>ID: {user.id}</small>
                  </div>
                </Who>
              </td>
              <td>
                <Badge $variant={roleOf(user) === 'admin' ? 'default' : 'secondary'}>{roleOf(user)}</Badge>
              </td>
              <td>
                <Cell>
                  {user.isBanned ? <Badge $variant="destructive">Banned</Badge> : <Badge $variant="success">Active</Badge>}
                  <ClaimBadge target={{ type: 'user', id: user.id }} />
                </Cell>
              </td>
              <td>
                <Cell>
                  <Button $variant="outline" $size="sm" onClick={() => onModerate(user)}>
                    Moderate<VisuallyHidden> {user.username}</VisuallyHidden>
                  </Button>
                  <ClaimButton target={{ type: 'user', id: user.id }} name={user.username} />
                </Cell>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Scroller>
  );
}
