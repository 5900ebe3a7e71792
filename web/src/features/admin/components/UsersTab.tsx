import { useState } from 'react';
import styled from 'styled-components';
import { avatarColorFor, type AdminUser } from '@pog/common';
import { Avatar } from '../../../components/Avatar';
import { Badge } from '../../../components/Badge';
import { Button } from '../../../components/Button';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { useDebouncedValue } from '../../../hooks/useDebouncedValue';
import { roleOf, userInitials } from '../display';
import { useAdminUsers } from '../queries';
import { ModerateUserDialog } from './ModerateUserDialog';
import { PagedListState, SEARCH_DEBOUNCE_MS } from './PagedListState';
import { SearchField } from './SearchField';
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

/** Our texts (the spec shows the Users table without a search). */
const USER_SEARCH = { label: 'Search users', placeholder: 'Search users by username...' } as const;

/** A cell's badges or buttons side by side (wrapping on a narrow screen). */
const Cell = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.4rem;
`;

/** The Users tab: the players table, newest account first and searchable by username, and the Moderate User dialog. */
export function UsersTab({ onUnauthorized }: { onUnauthorized: () => void }) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const query = useAdminUsers(debounced, true, onUnauthorized);
  const [selected, setSelected] = useState<AdminUser | null>(null);
  return (
    <>
      <SearchField label={USER_SEARCH.label} placeholder={USER_SEARCH.placeholder} value={search} onChange={setSearch} />
      <PagedListState query={query} noun="users" loadingLabel="Loading users..." empty="No users found">
        {(users) => <UsersTable users={users} onModerate={setSelected} />}
      </PagedListState>
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
